import { useSession } from '../../../lib/session';
import type { RouteHandle } from '../../../lib/seo';
import { CasesScreen } from '../components/cases-screen';

export const handle: RouteHandle = {
  seo: { title: 'Cases | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /cases and /cases/:id: the route guard has already turned away those who may not list cases. */
export function Component() {
  const { user } = useSession();
  return user ? <CasesScreen actor={user} /> : null;
}
