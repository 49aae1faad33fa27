import { ComingSoon } from '../../../components/ui/coming-soon';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'System Settings | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /system-settings: a Coming Soon placeholder (SPEC section 2) until its issue lands. */
export function Component() {
  return <ComingSoon title="System Settings" />;
}
