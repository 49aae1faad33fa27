import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Terms of Service | Mwamba & Associates Advocates',
    description: 'The terms on which you may use this website and the client portal.',
  },
};

export function Component() {
  return <PageHeading title="Terms of Service" />;
}
