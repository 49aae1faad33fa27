import { PageHeading } from '../../../components/ui/page-heading';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Appointments | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /appointments: the page names itself until the appointments issue builds it. */
export function Component() {
  return <PageHeading title="Appointments" />;
}
