import { TOAST } from '@firm/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/**
 * The one toaster, as docs/product-rules.md#limits sets it: durations by kind, 350 px wide, removed 1000 ms after
 * dismissal, and at most 20 on screen (the oldest beyond that are dismissed). Loaded lazily by
 * toasts.tsx, so public pages download it only when they show a toast.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first in the store: everything past the 20th visible one goes.
    toasts
      .filter((shown) => shown.visible)
      .slice(TOAST.maxVisible)
      .forEach((extra) => toast.dismiss(extra.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      // Below the sticky header (64 px and its border): a toast never lies over the menu, the
      // bell or the account menu, which on a phone sit where a top-right toast would.
      containerStyle={{ top: TOAST.topOffsetPx }}
      toastOptions={{
        duration: TOAST.durationMs.blank,
        removeDelay: TOAST.removeDelayMs,
        style: { maxWidth: TOAST.maxWidthPx },
        success: { duration: TOAST.durationMs.success },
        error: { duration: TOAST.durationMs.error },
      }}
    />
  );
}
