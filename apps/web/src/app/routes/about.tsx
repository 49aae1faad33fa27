import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'About Us | Mwamba & Associates Advocates',
    description:
      'Our mission, vision and values, the advocates who lead our practice and what we have achieved for clients across Kenya.',
  },
};

export function Component() {
  return <PageHeading title="About Us" />;
}
