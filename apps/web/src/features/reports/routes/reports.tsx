import { useSession } from '../../../lib/session';
import type { RouteHandle } from '../../../lib/seo';
import { ReportsScreen } from '../components/reports-screen';
import '../components/reports-screen.css';

export const handle: RouteHandle = {
  seo: { title: 'Reports | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /reports: the route guard has already turned away those who may not (reports:view). */
export function Component() {
  const { user } = useSession();
  return user ? <ReportsScreen actor={user} /> : null;
}
