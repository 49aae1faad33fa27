import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { firm } from '../../content/firm';
import {
  can,
  portalNav,
  portalUserMenu,
  BOOK_CONSULTATION_PATH,
  type PortalLink,
} from '@firm/shared';
import { VISITOR_NAV } from '../../content/navigation';
import { useSession } from '../../lib/session';

// Only signed-in people see it: public pages do not download it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// Signed-in people only, and only for an item with a count: loaded on demand with the API client.
const NavGroup = lazy(() => import('./nav-group').then((m) => ({ default: m.NavGroup })));
const NavCountBadge = lazy(() =>
  import('./nav-count-badge').then((m) => ({ default: m.NavCountBadge })),
);

function ItemBadge({ item }: { item: { label: string; countPath?: string } }) {
  if (!item.countPath) return null;
  return (
    <Suspense fallback={null}>
      <NavCountBadge path={item.countPath} label={item.label} />
    </Suspense>
  );
}

/**
 * The desktop bar's entries: an item, or a group of consecutive items sharing `group` (shown as one
 * disclosure), so an advocate's eight items fit one line from 1024 px.
 */
type BarEntry = PortalLink | { group: string; items: PortalLink[] };
function barEntries(items: readonly PortalLink[]): BarEntry[] {
  const entries: BarEntry[] = [];
  for (const item of items) {
    const last = entries.at(-1);
    if (!item.group) entries.push(item);
    else if (last && 'items' in last && last.group === item.group) last.items.push(item);
    else entries.push({ group: item.group, items: [item] });
  }
  return entries;
}

// The bell and its live stream, for signed-in people only.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
// The running timer, for those who record time (ADR 050): loaded on demand, as the bell is.
const HeaderTimer = lazy(() =>
  import('../../components/time/header-timer').then((m) => ({ default: m.HeaderTimer })),
);
const skeleton = (
  <span aria-hidden="true" className="h-9 w-40 animate-pulse rounded-md bg-slate-100" />
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium lg:px-1.5 lg:text-[0.8125rem] xl:px-2 xl:text-sm 2xl:px-3 ${
    isActive
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-brand-800'
  }`;

/**
 * The header of every page. Prerendered pages are rendered signed out (the session store's server
 * snapshot), so the HTML and the first client render match; the signed-in parts appear right after
 * hydration, inside a box of fixed width so nothing below moves.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { user, status } = session;
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const navItems = user ? portalNav(user) : VISITOR_NAV;
  // The phone menu lists the user menu's entries too, but for those already among the items.
  const menuOnlyItems = user
    ? portalUserMenu(user).filter((entry) => !navItems.some((item) => item.to === entry.to))
    : [];

  const signOut = async () => {
    setMenuOpenOn(null);
    // Leave the portal page first, so its guard does not send the user to /login on the way out.
    await navigate('/');
    await session.signOut();
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/*
        A visitor's bar shows every item on one line from 1280 px (xl), in a wider box than the
        page's: the firm's full name, seven links and the account controls need about 1,200 px. A
        signed-in person's shows from 1024 px (lg), an advocate's two administration items grouped in
        one disclosure. Narrower screens get the menu button instead (ADR 010).
      */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:gap-2 lg:px-4 xl:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-semibold whitespace-nowrap text-brand-900"
        >
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8 shrink-0" />
          <span className="truncate">{firm.shortName}</span>
        </Link>
        <nav aria-label="Main" className={user ? 'hidden lg:block' : 'hidden xl:block'}>
          <ul className="flex items-center xl:gap-1">
            {barEntries(navItems).map((entry) =>
              'items' in entry ? (
                <li key={entry.group}>
                  <Suspense
                    fallback={
                      <span className={navLinkClass({ isActive: false })}>{entry.group}</span>
                    }
                  >
                    <NavGroup label={entry.group} items={entry.items} linkClass={navLinkClass} />
                  </Suspense>
                </li>
              ) : (
                <li key={entry.to}>
                  <NavLink to={entry.to} end={entry.to === '/'} className={navLinkClass}>
                    {entry.label}
                    <ItemBadge item={entry} />
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1">
          {user && can(user, 'time:record') ? (
            <Suspense fallback={null}>
              <HeaderTimer />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {/* Fixed width while signed out: the user menu replacing the skeleton moves nothing. */}
          <div
            className={`hidden shrink-0 items-center justify-end gap-2 ${user ? 'lg:flex' : 'w-52 xl:flex'}`}
          >
            {user ? (
              <Suspense fallback={skeleton}>
                <UserMenu user={user} onSignOut={() => void signOut()} />
              </Suspense>
            ) : status === 'loading' ? (
              skeleton
            ) : (
              <>
                <Link
                  to="/login"
                  className="rounded-md px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
                >
                  Sign In
                </Link>
                <Link
                  to={BOOK_CONSULTATION_PATH}
                  className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Get Started
                </Link>
              </>
            )}
          </div>
          <button
            type="button"
            className={`rounded-md p-2 text-slate-700 hover:bg-slate-100 ${user ? 'lg:hidden' : 'xl:hidden'}`}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      {isMenuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Main"
          className={`border-t border-slate-200 ${user ? 'lg:hidden' : 'xl:hidden'}`}
        >
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                  {item.label}
                  <ItemBadge item={item} />
                </NavLink>
              </li>
            ))}
            {user ? (
              <>
                <li className="mt-2 border-t border-slate-200 pt-2">
                  <p className="truncate px-3 py-1 text-xs text-slate-600">
                    Signed in as {user.firstName} {user.lastName}
                  </p>
                </li>
                {menuOnlyItems.map((entry) => (
                  <li key={entry.to}>
                    <NavLink to={entry.to} className={navLinkClass}>
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => void signOut()}
                    className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    Sign Out
                  </button>
                </li>
              </>
            ) : (
              <li className="mt-2 flex gap-2">
                <Link
                  to="/login"
                  className="flex-1 rounded-md border border-brand-700 px-4 py-2 text-center text-sm font-semibold text-brand-800"
                >
                  Sign In
                </Link>
                <Link
                  to={BOOK_CONSULTATION_PATH}
                  className="flex-1 rounded-md bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white"
                >
                  Get Started
                </Link>
              </li>
            )}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
