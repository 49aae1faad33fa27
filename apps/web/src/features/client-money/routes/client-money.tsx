import { isStaffAccount } from '@firm/shared';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { HeldForClients } from '../components/held-for-clients';
import { MyClientMoney } from '../components/my-client-money';

export const handle: RouteHandle = {
  seo: { title: 'Client money | Mwamba & Associates Advocates', description: '', noindex: true },
};

/**
 * /client-money: a client's own ledger; for staff, what the firm holds for each client (each
 * client's page has their movements and the Record actions). The guard has turned away the rest.
 */
export function Component() {
  const { user } = useSession();
  if (!user) return null;
  return isStaffAccount(user) ? <HeldForClients /> : <MyClientMoney client={user} />;
}
