import type { Role } from '@firm/shared';

export interface NavItem {
  label: string;
  to: string;
}

/** Header navigation by role (SPEC section 2, "Navigation by role"). */
export const VISITOR_NAV: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Practice Areas', to: '/practice-areas' },
  { label: 'Areas We Serve', to: '/areas-we-serve' },
  { label: 'Resources', to: '/resources' },
  { label: 'Locations', to: '/locations' },
  { label: 'Contact', to: '/contact' },
];

const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Cases', to: '/cases' },
  { label: 'Appointments', to: '/appointments' },
  { label: 'Messages', to: '/messages' },
  { label: 'Clients', to: '/clients' },
];

export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  client: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'My Cases', to: '/cases' },
    { label: 'Appointments', to: '/appointments' },
    { label: 'Messages', to: '/messages' },
  ],
  admin: ADMIN_NAV,
  advocate: [
    ...ADMIN_NAV,
    { label: 'Admin Management', to: '/admin-management' },
    { label: 'System Settings', to: '/system-settings' },
  ],
};

export const FOOTER_POLICY_LINKS: NavItem[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookie Policy', to: '/cookies' },
];
