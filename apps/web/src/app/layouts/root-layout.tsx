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
import { PortalFooter } from './portal-footer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Which frame a page gets: the public site's (header, marketing footer, chat bubble) for visitors
 * and public pages; inside the portal, staff work without footer or bubble, and a client keeps a
 * slim footer with the firm's contacts (ADR 010).
 */
export type PageFrame = 'public' | 'staff-portal' | 'client-portal' | 'portal-pending';

export function pageFrame(
  user: PublicUser | null,
  matches: readonly UIMatch[],
  isSessionLoading = false,
): PageFrame {
  const isPortal = matches.some((match) => {
    const feature = (match.handle as Partial<FeatureHandle> | undefined)?.portalFeature;
    return !!feature && feature.access !== 'signed-out';
  });
  if (!isPortal) return 'public';
  // While the session resolves, a portal page shows neither frame, so no footer flashes by.
  if (!user) return isSessionLoading ? 'portal-pending' : 'public';
  return isStaffAccount(user) ? 'staff-portal' : 'client-portal';
}

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
  const frame = pageFrame(user, matches);
  return frame === 'public' || frame === 'client-portal';
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

/**
 * The shared layout of docs/product-rules.md#screens: header, main, footer (and the chat widget);
 * inside the portal, the frame of `pageFrame`.
 */
export function RootLayout() {
  const { user, status } = useSession();
  const matches = useMatches();
  const { pathname } = useLocation();
  const frame = pageFrame(user, matches, status === 'loading');
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
      {/* A portal page draws its content after its data arrives: a main at least a screen tall
          keeps the footer below the fold meanwhile, so nothing jumps when the content comes. */}
      <main
        id="main"
        tabIndex={-1}
        className={
          frame === 'public' ? 'flex-1 focus:outline-none' : 'min-h-svh flex-1 focus:outline-none'
        }
      >
        <Outlet />
      </main>
      {frame === 'public' ? <SiteFooter /> : frame === 'client-portal' ? <PortalFooter /> : null}
      {showsChatWidget(user, matches, pathname) ? <ChatWidget /> : null}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
