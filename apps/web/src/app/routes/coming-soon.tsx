import { useLocation } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

const TITLES: Record<string, string> = {
  '/profile': 'Profile Settings',
  '/clients': 'Clients',
  '/system-settings': 'System Settings',
};

export const handle: RouteHandle = {
  seo: { title: 'Coming Soon | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /profile, /clients and /system-settings are "Coming Soon" placeholders (SPEC section 2). */
export function Component() {
  const { pathname } = useLocation();
  return (
    <PageHeading title={TITLES[pathname] ?? 'Coming Soon'}>
      <p>Coming Soon. This section is being prepared and will be available shortly.</p>
    </PageHeading>
  );
}
