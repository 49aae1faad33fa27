import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/query-client';

/**
 * Wraps the sign-in pages and the portal (lazily loaded, so public pages carry none of this code).
 * Guards (signed-in, signed-out only, password change required) belong here.
 */
export function Component() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
