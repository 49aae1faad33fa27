import { TOAST } from '@firm/shared';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { SessionProvider } from '../lib/session';

/**
 * What every page needs. Toasts as SPEC section 9 sets them; react-hot-toast itself keeps at most
 * 20 (its TOAST_LIMIT) and removes a dismissed toast after 1000 ms, the spec's values. Data
 * fetching (TanStack Query) is provided by the portal layout only, so public pages do not load it.
 * The session (lib/session.tsx) is here: the header of every page shows it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster
        position="top-right"
        toastOptions={{
          duration: TOAST.durationMs.blank,
          style: { maxWidth: TOAST.maxWidthPx },
          success: { duration: TOAST.durationMs.success },
          error: { duration: TOAST.durationMs.error },
        }}
      />
    </SessionProvider>
  );
}
