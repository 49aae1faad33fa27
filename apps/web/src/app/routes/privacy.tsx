import { PolicyPage } from '../../features/public-site/components/policy-page';
import { privacyPolicy } from '../../content/policies';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Privacy Policy | Mwamba & Associates Advocates',
    description:
      'How we collect, use and protect your personal data under the Kenya Data Protection Act, 2019.',
  },
};

export function Component() {
  return <PolicyPage policy={privacyPolicy} />;
}
