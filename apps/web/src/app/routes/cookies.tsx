import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Cookie Policy | Mwamba & Associates Advocates',
    description: 'The cookies and browser storage this website uses, and why.',
  },
};

export function Component() {
  return <PageHeading title="Cookie Policy" />;
}
