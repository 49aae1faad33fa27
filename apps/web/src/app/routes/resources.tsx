import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Legal Resources | Mwamba & Associates Advocates',
    description:
      'Articles, guides, downloadable forms and answers to common questions about Kenyan law.',
  },
};

export function Component() {
  return <PageHeading title="Legal Resources" />;
}
