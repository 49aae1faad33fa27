import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Areas We Serve | Mwamba & Associates Advocates',
    description:
      'We serve clients in Nairobi, Kiambu, Machakos and Kajiado counties from three offices.',
  },
};

export function Component() {
  return <PageHeading title="Areas We Serve" />;
}
