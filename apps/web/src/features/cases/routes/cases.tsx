import { PageHeading } from '../../../components/ui/page-heading';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Cases | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /cases: the page names itself until the cases issue builds it. */
export function Component() {
  return <PageHeading title="Cases" />;
}
