import { TOAST } from '@firm/shared';
import { Toaster } from 'react-hot-toast';

/**
 * The one toaster, as SPEC section 9 sets it; react-hot-toast itself keeps at most 20 (its
 * TOAST_LIMIT) and removes a dismissed toast after 1000 ms, the spec's values. Loaded lazily by
 * toasts.tsx, so public pages download it only when they show a toast.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST.durationMs.blank,
        style: { maxWidth: TOAST.maxWidthPx },
        success: { duration: TOAST.durationMs.success },
        error: { duration: TOAST.durationMs.error },
      }}
    />
  );
}
