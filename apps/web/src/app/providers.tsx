import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { DeferredToaster } from '../lib/toasts';

/**
 * What every page needs. The toaster is deferred (lib/toasts.tsx): it loads with the portal, or
 * with a public page's first toast, so public pages do not download react-hot-toast. Data
 * fetching (TanStack Query) is provided by the portal layout only, for the same reason. The
 * session (lib/session.tsx) is here: the header of every page shows it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <DeferredToaster />
    </SessionProvider>
  );
}
