import type { PublicUser } from '@firm/shared';
import { isStaffAccount } from '@firm/shared';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  type Location,
  type UIMatch,
} from 'react-router';
import { ChatWidget } from '../../features/public-site/components/chat-widget';
import { useSession } from '../../lib/session';
import { DocumentHead } from '../document-head';
import type { FeatureHandle } from './guards';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Where the floating WhatsApp bubble has no place: staff inside the portal (they answer
 * clients there, not through the firm's public number), and the secure messages screen, whose Send
 * button sits where the bubble would.
 */
export function showsChatWidget(
  user: PublicUser | null,
  matches: readonly UIMatch[],
  pathname: string,
): boolean {
  if (pathname === '/messages') return false;
  const isPortal = matches.some((match) => {
    const feature = (match.handle as Partial<FeatureHandle> | undefined)?.portalFeature;
    return !!feature && feature.access !== 'signed-out';
  });
  return !(isPortal && user && isStaffAccount(user));
}

/**
 * Which saved scroll position a page gets back. Every page a tab loads from an address (a link in
 * an email, a bookmark) has the router key "default", so keyed by that alone it would open where
 * the tab's previous page was left: the booking link's "Confirm my booking" sat off screen,
 * under the footer. Such a page is keyed by its address instead; pages reached inside the app keep
 * their own key (back and forward return to where the person was).
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/** The shared layout of docs/product-rules.md#screens: header, main, footer (and the chat widget). */
export function RootLayout() {
  const { user } = useSession();
  const matches = useMatches();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <DocumentHead />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {showsChatWidget(user, matches, pathname) ? <ChatWidget /> : null}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
