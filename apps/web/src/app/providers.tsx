import { TOAST } from '@firm/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../lib/query-client';

/**
 * Toasts as SPEC section 9 sets them. react-hot-toast itself keeps at most 20 (its TOAST_LIMIT)
 * and removes a dismissed toast after 1000 ms, the spec's values.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
