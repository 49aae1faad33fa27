import { useLocation } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

const TITLES: Record<string, string> = {
  '/login': 'Sign In',
  '/register': 'Advocate Registration',
  '/advocate-register': 'Advocate Registration',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/change-password': 'Change Password',
  '/dashboard': 'Dashboard',
  '/appointments': 'Appointments',
  '/cases': 'Cases',
  '/admin-management': 'Admin Management (Superuser)',
};

export const handle: RouteHandle = {
  seo: { title: 'Client Portal | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** Screens whose issue has not landed yet: the route exists and names itself. */
export function Component() {
  const { pathname } = useLocation();
  return <PageHeading title={TITLES[pathname] ?? 'Client Portal'} />;
}
