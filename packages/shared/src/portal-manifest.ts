import { APPOINTMENTS_ENDPOINTS } from './appointments/endpoints';
import { CASES_ENDPOINTS } from './cases/endpoints';
import { CLIENTS_ENDPOINTS } from './clients/endpoints';
import { requestPath } from './common/endpoints';
import { nairobiToday } from './common/nairobi-clock';
import { LIST_DEFAULT_LIMIT } from './common/page-start';
import { MESSAGES } from './common/texts';
import { COURT_DATES_ENDPOINTS } from './court-dates/endpoints';
import { DASHBOARD_ENDPOINTS } from './dashboard/endpoints';
import { conversationsQuery, MESSAGES_ENDPOINTS, messagesRequest } from './messages/endpoints';
import { BOOK_CONSULTATION_PATH } from './paths';
import { can, isClientAccount, type Action, type Actor } from './permissions';
import { PROFILE_ENDPOINTS } from './profile/endpoints';

/**
 * The portal, as one list (ADR 011). The web app's router, route guards, header navigation, user
 * menu and dashboard, and the server's portal-path matcher are all derived from it: a new feature
 * is one entry here plus its folder in apps/web/src/features.
 */

/** Who may open a feature's pages: people signed out only, anyone, or signed-in people. */
export type PortalAccess = 'signed-out' | 'anyone' | 'signed-in';

/** Icons a dashboard tile may show; the web app maps each name to its picture. */
export type PortalIcon =
  | 'briefcase'
  | 'calendar'
  | 'message'
  | 'users'
  | 'shield'
  | 'settings'
  | 'user-cog'
  | 'inbox'
  | 'receipt'
  | 'chart';

export interface PortalFeature {
  /**
   * The screen that renders every path of the feature: `<feature>/<screen>` names the module
   * apps/web/src/features/<feature>/routes/<screen>.tsx.
   */
  screen: `${string}/${string}`;
  /** Route patterns, React Router's syntax: `/cases`, `/cases/:id`. The first is where links go. */
  paths: readonly [string, ...string[]];
  access: PortalAccess;
  /**
   * What `can()` must allow. For a signed-in feature the route guard enforces it; for every feature
   * it decides whether the nav item, menu entry and dashboard tile show.
   */
  action?: Action;
  /** Told to a signed-in person who may not, on their way to the dashboard. */
  deniedMessage?: string;
  /** An item of the header's navigation (docs/product-rules.md#screens, "Navigation by role"). */
  nav?: {
    label: string;
    clientLabel?: string;
    /**
     * An API path (under /api) answering `{ count }`: the item shows the number as a badge when it
     * is above zero (the Enquiries inbox's new enquiries).
     */
    countPath?: string;
    /**
     * The desktop bar's group holding the item (a disclosure of that name), so an advocate's
     * ten items fit one line from 1024 px; the phone menu lists every item flat.
     */
    group?: string;
  };
  /** An entry of the user menu, above Sign Out. */
  userMenu?: { label: string };
  /**
   * Search engines may follow links to its first path (robots.txt); every other portal path is
   * disallowed.
   */
  crawlable?: boolean;
  /** Addresses of it listed in sitemap.xml (a crawlable feature's entry points). */
  sitemap?: readonly string[];
  /** A tile of the dashboard. */
  dashboard?: { label?: string; clientLabel?: string; description: string; icon: PortalIcon };
  /**
   * What the screen asks for first, as its queries name it (addresses under /api): asked for with
   * the session check as a portal page starts, before React has arrived, and handed to the screen
   * when it asks (apps/web/src/app/first-requests.ts, ADR 032). Only what the screen asks for
   * whoever is signed in, from an address without filters: anything else it asks for itself.
   */
  firstData?: (at: FirstDataAt) => readonly string[];
}

/** Where a portal page starts: the pattern its path matched, that path's parameters, its query. */
export interface FirstDataAt {
  path: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** The names of the desktop bar's groups of nav items (ADR 010). */
export const PORTAL_NAV_GROUPS = { administration: 'Administration' } as const;

export const PORTAL_FEATURES: readonly PortalFeature[] = [
  { screen: 'auth/login', paths: ['/login'], access: 'signed-out' },
  { screen: 'auth/register', paths: ['/register', '/advocate-register'], access: 'signed-out' },
  { screen: 'auth/forgot-password', paths: ['/forgot-password'], access: 'anyone' },
  { screen: 'auth/reset-password', paths: ['/reset-password'], access: 'anyone' },
  // A welcome email's link (ADR 024): choose a password, then straight to the dashboard.
  { screen: 'auth/welcome', paths: ['/welcome'], access: 'anyone' },
  // A sign-in alert's "Not you? Secure your account" link (ADR 037): acts only on its button.
  { screen: 'auth/secure-account', paths: ['/secure-account'], access: 'anyone' },
  { screen: 'auth/change-password', paths: ['/change-password'], access: 'signed-in' },
  // Staff past their grace land here and nowhere else until a second factor is on (ADR 037).
  { screen: 'profile/two-factor-setup', paths: ['/two-factor-setup'], access: 'signed-in' },
  {
    screen: 'dashboard/dashboard',
    paths: ['/dashboard'],
    firstData: () => [requestPath(DASHBOARD_ENDPOINTS.dashboardStats)],
    access: 'signed-in',
    action: 'dashboard:view',
    nav: { label: 'Dashboard' },
  },
  {
    screen: 'cases/cases',
    paths: ['/cases', '/cases/:id'],
    // A case opens over the list it was opened from.
    firstData: ({ params: { id }, search }) => [
      ...(id ? [requestPath(CASES_ENDPOINTS.getCase, { params: { id } })] : []),
      ...(search.toString()
        ? []
        : [
            requestPath(CASES_ENDPOINTS.listCases, {
              query: { page: 1, limit: LIST_DEFAULT_LIMIT },
            }),
          ]),
    ],
    access: 'signed-in',
    action: 'cases:view',
    deniedMessage: MESSAGES.casesAccessDenied,
    nav: { label: 'Cases', clientLabel: 'My Cases' },
    dashboard: {
      clientLabel: 'My Cases',
      description: 'Follow the progress of matters, documents and court dates.',
      icon: 'briefcase',
    },
  },
  {
    // The booking form is open to visitors (docs/product-rules.md#screens); the list is for signed-in people.
    // /appointments/manage is a visitor's emailed link (the token in its fragment).
    screen: 'appointments/appointments',
    paths: ['/appointments', '/appointments/manage'],
    // A client's court dates, then their appointments; staff see these too, in their own agenda.
    firstData: ({ path, search }) =>
      path === '/appointments' && !search.toString()
        ? [
            requestPath(COURT_DATES_ENDPOINTS.listCourtDates, { query: { from: nairobiToday() } }),
            requestPath(APPOINTMENTS_ENDPOINTS.listAppointments, {
              query: { page: 1, sort: 'asc' },
            }),
          ]
        : [],
    access: 'anyone',
    crawlable: true,
    sitemap: [BOOK_CONSULTATION_PATH],
    action: 'appointments:view',
    nav: { label: 'Appointments' },
    dashboard: { description: 'See upcoming meetings and book a consultation.', icon: 'calendar' },
  },
  {
    screen: 'messages/messages',
    paths: ['/messages'],
    // The list, and the conversation the address opens (?c=).
    firstData: ({ search }) => {
      const opened = search.get('c');
      if ([...search.keys()].length > (opened ? 1 : 0)) return [];
      return [
        requestPath(MESSAGES_ENDPOINTS.listConversations, { query: conversationsQuery('', 1) }),
        ...(opened
          ? [requestPath(MESSAGES_ENDPOINTS.listMessages, messagesRequest(opened, null))]
          : []),
      ];
    },
    access: 'signed-in',
    action: 'messages:view',
    nav: { label: 'Messages' },
    dashboard: { description: 'Conversations with the firm.', icon: 'message' },
  },
  {
    // Fee notes, payments and receipts (ADR 035): a client's own issued ones and their balance;
    // staff who run the firm's matters draft, issue and cancel them and record payments.
    screen: 'billing/billing',
    paths: ['/billing', '/billing/:id'],
    access: 'signed-in',
    action: 'fee-notes:view',
    deniedMessage: MESSAGES.billingAccessDenied,
    nav: { label: 'Billing' },
    dashboard: {
      description: 'Fee notes, payments and receipts; pay by M-Pesa.',
      icon: 'receipt',
    },
  },
  {
    // Client money (ADR 045): a client's own ledger, or what the firm holds for each client. Not
    // in the desktop bar, which is full at 1024 px for an advocate; the user menu and the
    // dashboard lead here. Its denial is in common/texts.ts: the manifest's chunk ('portal-map',
    // apps/web/vite.config.ts) must not import a capability's texts.
    screen: 'client-money/client-money',
    paths: ['/client-money'],
    access: 'signed-in',
    action: 'client-money:view',
    deniedMessage: MESSAGES.clientMoneyAccessDenied,
    userMenu: { label: 'Client money' },
    dashboard: {
      label: 'Client money',
      description: 'Money held in the client account: per case, and every movement.',
      icon: 'receipt',
    },
  },
  {
    screen: 'clients/clients',
    paths: ['/clients', '/clients/:id'],
    access: 'signed-in',
    action: 'clients:view',
    deniedMessage: MESSAGES.clientsAccessDenied,
    nav: { label: 'Clients' },
    dashboard: { description: "The firm's clients and their contacts.", icon: 'users' },
  },
  {
    screen: 'clients/enquiries',
    paths: ['/enquiries'],
    access: 'signed-in',
    action: 'enquiries:view',
    deniedMessage: MESSAGES.enquiriesAccessDenied,
    nav: { label: 'Enquiries', countPath: CLIENTS_ENDPOINTS.countNewEnquiries.path },
    dashboard: {
      description: 'Contact messages and booking requests from the website.',
      icon: 'inbox',
    },
  },
  {
    // The firm's figures over a chosen period, each linking to the list it counts
    // (docs/product-rules.md#reports). In the Administration group: an advocate's ten items would
    // not fit the desktop bar's one line at 1024 px.
    screen: 'reports/reports',
    paths: ['/reports'],
    access: 'signed-in',
    action: 'reports:view',
    deniedMessage: MESSAGES.reportsAccessDenied,
    nav: { label: 'Reports', group: PORTAL_NAV_GROUPS.administration },
    dashboard: {
      description: 'Caseload, appointments, enquiries, client service and money, period by period.',
      icon: 'chart',
    },
  },
  {
    screen: 'profile/profile',
    // The second is the link emailed to confirm a new address (signed in: it is the person's own).
    paths: ['/profile', '/profile/confirm-email'],
    // The profile alone: its words are the largest paint. Its eight panels' data, asked for with
    // it, held back the screen's code on a phone's six connections (largest paint 3.25 s against
    // 2.95 s in alternated runs); the screen asks for them as it draws.
    firstData: ({ path }) =>
      path === '/profile' ? [requestPath(PROFILE_ENDPOINTS.getProfile)] : [],
    access: 'signed-in',
    userMenu: { label: 'Profile Settings' },
    dashboard: {
      label: 'Profile Settings',
      description: 'Your details, password, signed-in devices and your data.',
      icon: 'user-cog',
    },
  },
  {
    screen: 'users/admin-management',
    paths: ['/admin-management'],
    access: 'signed-in',
    action: 'admins:manage',
    deniedMessage: MESSAGES.adminManagementAccessDenied,
    nav: { label: 'Admin Management', group: PORTAL_NAV_GROUPS.administration },
    userMenu: { label: 'Admin Management' },
    dashboard: {
      description: 'Create office staff and client accounts, and set admin permissions.',
      icon: 'shield',
    },
  },
  {
    screen: 'settings/system-settings',
    paths: ['/system-settings'],
    access: 'signed-in',
    action: 'settings:view',
    nav: { label: 'System Settings', group: PORTAL_NAV_GROUPS.administration },
    dashboard: { description: 'Settings of the portal.', icon: 'settings' },
  },
];

/** The message for a signed-in person sent away from a feature they may not open. */
export function deniedMessageFor(feature: PortalFeature): string {
  return feature.deniedMessage ?? MESSAGES.pageNotAllowed;
}

/**
 * Whether `pathname` matches a route pattern: literal segments equal, `:param` segments any one
 * non-empty segment. A trailing slash is ignored, as React Router ignores it.
 */
export function matchesPathPattern(pattern: string, pathname: string): boolean {
  const split = (path: string) => path.split('/').filter((segment) => segment !== '');
  const want = split(pattern);
  const got = split(pathname);
  if (want.length !== got.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

export function findPortalFeature(
  pathname: string,
  features: readonly PortalFeature[] = PORTAL_FEATURES,
): PortalFeature | undefined {
  return features.find((feature) =>
    feature.paths.some((pattern) => matchesPathPattern(pattern, pathname)),
  );
}

/** Rendered in the browser only (the app shell): the sign-in pages and the portal. */
export function isAppShellPath(pathname: string): boolean {
  return findPortalFeature(pathname) !== undefined;
}

/** Whether `actor` may see a feature's nav item, menu entry or tile. */
export function mayUse(actor: Actor | null | undefined, feature: PortalFeature): boolean {
  if (!actor) return false;
  return feature.action === undefined || can(actor, feature.action);
}

/** Whether `actor` (null: signed out) may open a feature's pages at all. */
export function mayOpen(actor: Actor | null | undefined, feature: PortalFeature): boolean {
  if (feature.access === 'anyone') return true;
  if (feature.access === 'signed-out') return !actor;
  return mayUse(actor, feature);
}

export interface PortalLink {
  label: string;
  to: string;
  /** The nav item's badge source (see `PortalFeature.nav.countPath`). */
  countPath?: string;
  /** The desktop bar's group it sits in (see `PortalFeature.nav.group`). */
  group?: string;
}

const linkTo = (feature: PortalFeature) => feature.paths[0];

/** The header's items for a signed-in person, in manifest order. */
export function portalNav(actor: Actor): PortalLink[] {
  return PORTAL_FEATURES.flatMap((feature: PortalFeature) =>
    feature.nav && mayUse(actor, feature)
      ? [
          {
            label: (isClientAccount(actor) && feature.nav.clientLabel) || feature.nav.label,
            to: linkTo(feature),
            ...(feature.nav.countPath ? { countPath: feature.nav.countPath } : {}),
            ...(feature.nav.group ? { group: feature.nav.group } : {}),
          },
        ]
      : [],
  );
}

/** The user menu's entries above Sign Out, each with its feature's icon. */
export function portalUserMenu(actor: Actor): (PortalLink & { icon?: PortalIcon })[] {
  return PORTAL_FEATURES.flatMap((feature: PortalFeature) =>
    feature.userMenu && mayUse(actor, feature)
      ? [{ label: feature.userMenu.label, to: linkTo(feature), icon: feature.dashboard?.icon }]
      : [],
  );
}

export interface PortalTile extends PortalLink {
  description: string;
  icon: PortalIcon;
}

/** The dashboard's tiles. */
export function portalDashboardTiles(actor: Actor): PortalTile[] {
  return PORTAL_FEATURES.flatMap((feature: PortalFeature) => {
    const tile = feature.dashboard;
    if (!tile || !mayUse(actor, feature)) return [];
    const label =
      (isClientAccount(actor) && tile.clientLabel) ||
      tile.label ||
      feature.nav?.label ||
      feature.screen;
    return [{ label, to: linkTo(feature), description: tile.description, icon: tile.icon }];
  });
}
