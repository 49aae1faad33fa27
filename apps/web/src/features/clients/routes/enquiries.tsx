import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { EnquiriesScreen } from '../components/enquiries-screen';

export const handle: RouteHandle = {
  seo: { title: 'Enquiries | Mwamba & Associates Advocates', description: '', noindex: true },
};

/**
 * /enquiries: a screen of the clients feature, since converting an enquiry shares the new-client
 * form with 'Add Client' (features never import each other).
 */
export function Component() {
  const { user } = useSession();
  return user ? <EnquiriesScreen actor={user} /> : null;
}
