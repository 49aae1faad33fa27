import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { wantToaster } from '../../lib/toasts';
import { TwoFactorDueNotice } from './two-factor-due-notice';

/** The owner of a cache started while the stored token was being checked. */
const CHECKING = Symbol('checking the stored token');

/**
 * One query cache per signed-in person: when the session changes hands (sign-in, sign-out, an
 * expired session followed by someone else signing in on the same browser), the next person starts
 * from an empty cache and never sees the previous one's lists, even for a moment.
 *
 * A cache started while the stored token was checked is kept when the check signs that token's
 * person in: whatever it holds was asked for with that token, so it is theirs. Replaced, a screen
 * open to anyone (My Appointments) asked for the firm's fees twice as a client's page opened.
 */
function usePerUserQueryClient(): QueryClient {
  const { user, status } = useSession();
  const owner = status === 'loading' ? CHECKING : (user?.id ?? null);
  const [cache, setCache] = useState(() => ({ owner, client: createQueryClient() }));
  if (cache.owner !== owner) {
    // Replaced during render (React's pattern for state derived from a prop), so no frame ever
    // renders the previous person's data.
    const next = {
      owner,
      client:
        cache.owner === CHECKING && status === 'signed-in' ? cache.client : createQueryClient(),
    };
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
