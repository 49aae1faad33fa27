import { PolicyPage } from '../../features/public-site/components/policy-page';
import { cookiePolicy } from '../../content/policies';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Cookie Policy | Mwamba & Associates Advocates',
    description: 'The cookies and browser storage this website uses, and why.',
  },
};

export function Component() {
  return <PolicyPage policy={cookiePolicy} />;
}
