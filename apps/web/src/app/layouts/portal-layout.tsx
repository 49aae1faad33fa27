import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { wantToaster } from '../../lib/toasts';
import { TwoFactorDueNotice } from './two-factor-due-notice';

/**
 * One query cache per signed-in person: when the session changes hands (sign-in, sign-out, an
 * expired session followed by someone else signing in on the same browser), the next person starts
 * from an empty cache and never sees the previous one's lists, even for a moment.
 */
function usePerUserQueryClient(): QueryClient {
  const { user } = useSession();
  const owner = user?.id ?? null;
  const [cache, setCache] = useState(() => ({ owner, client: createQueryClient() }));
  if (cache.owner !== owner) {
    // Replaced during render (React's pattern for state derived from a prop), so no frame ever
    // renders the previous person's data.
    const next = { owner, client: createQueryClient() };
    setCache(next);
    return next.client;
  }
  return cache.client;
}

/**
 * Wraps the sign-in pages and the portal (lazily loaded, so public pages carry none of this code).
 * It also mounts the app's toaster, which public pages do without (lib/toasts.tsx).
 */
export function Component() {
  const queryClient = usePerUserQueryClient();
  // The portal's screens toast with react-hot-toast directly: the app's one toaster must be up.
  useEffect(() => wantToaster(), []);
  // A cache left behind is emptied at once, so nothing of it lingers in memory.
  useEffect(() => () => queryClient.clear(), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <TwoFactorDueNotice />
      <Outlet />
    </QueryClientProvider>
  );
}
