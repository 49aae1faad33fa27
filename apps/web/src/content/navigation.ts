export interface NavItem {
  label: string;
  to: string;
}

/** The visitors' header navigation (docs/product-rules.md#screens); signed-in people's comes from the portal manifest. */
export const VISITOR_NAV: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Practice Areas', to: '/practice-areas' },
  { label: 'Areas We Serve', to: '/areas-we-serve' },
  { label: 'Resources', to: '/resources' },
  { label: 'Locations', to: '/locations' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_POLICY_LINKS: NavItem[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookie Policy', to: '/cookies' },
];
