import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Our Offices | Mwamba & Associates Advocates',
    description:
      'Addresses, opening hours, parking and directions for our three offices in the Nairobi area.',
  },
};

export function Component() {
  return <PageHeading title="Our Locations" />;
}
