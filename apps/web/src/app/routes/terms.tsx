import { PolicyPage } from '../../features/public-site/components/policy-page';
import { termsOfService } from '../../content/policies';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Terms of Service | Mwamba & Associates Advocates',
    description: 'The terms on which you may use this website and the client portal.',
  },
};

export function Component() {
  return <PolicyPage policy={termsOfService} />;
}
