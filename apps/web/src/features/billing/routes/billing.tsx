import { useParams } from 'react-router';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { FeeNotePage } from '../components/fee-note-page';
import { BillingScreen } from '../components/billing-screen';

export const handle: RouteHandle = {
  seo: { title: 'Billing | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /billing and /billing/:id: the route guard has already turned away those who may not. */
export function Component() {
  const { user } = useSession();
  const { id } = useParams();
  if (!user) return null;
  return id ? <FeeNotePage key={id} id={id} actor={user} /> : <BillingScreen actor={user} />;
}
