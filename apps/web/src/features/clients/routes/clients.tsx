import { useParams } from 'react-router';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { ClientPage } from '../components/client-page';
import { ClientsList } from '../components/clients-list';

export const handle: RouteHandle = {
  seo: { title: 'Clients | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** /clients and /clients/:id: the route guard has already turned away those who may not. */
export function Component() {
  const { user } = useSession();
  const { id } = useParams();
  if (!user) return null;
  return id ? <ClientPage key={id} id={id} actor={user} /> : <ClientsList actor={user} />;
}
