import { ComingSoon } from '../../../components/ui/coming-soon';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Clients | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /clients: a Coming Soon placeholder (SPEC section 2) until the clients issue lands. */
export function Component() {
  return <ComingSoon title="Clients" />;
}
