import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Contact Us | Mwamba & Associates Advocates',
    description:
      'Call, message or visit us, or send a message through our contact form. We reply within 24 hours.',
  },
};

export function Component() {
  return <PageHeading title="Contact Us" />;
}
