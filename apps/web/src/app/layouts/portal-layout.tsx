import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { wantToaster } from '../../lib/toasts';

/**
 * Wraps the sign-in pages and the portal (lazily loaded, so public pages carry none of this code).
 * Guards (signed-in, signed-out only, password change required) belong here. It also mounts the
 * app's toaster, which public pages do without (lib/toasts.tsx).
 */
export function Component() {
  const [queryClient] = useState(createQueryClient);
  // The portal's screens toast with react-hot-toast directly: the app's one toaster must be up.
  useEffect(() => wantToaster(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
