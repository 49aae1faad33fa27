import { ComingSoon } from '../../../components/ui/coming-soon';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Profile Settings | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

/** /profile: a Coming Soon placeholder (SPEC section 2) until the profile issue lands. */
export function Component() {
  return <ComingSoon title="Profile Settings" />;
}
