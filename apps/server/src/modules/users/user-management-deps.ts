import type { Db } from '../../db/client';
import type { Outbox } from '../deliveries/outbox';

/**
 * The rules of user management (docs/product-rules.md#states and #user-management,
 * docs/roles-and-permissions.md), one capability a file: account-creation, resend-invitation,
 * user-list, account-status, admin-permissions and password-reset-by-advocate. Every function
 * takes the signed-in caller, checks `can()` itself (the routes check it too, before the body is
 * read), and writes its change and its audit row in one transaction.
 */
export interface UserManagementDeps {
  db: Db;
  /** The welcome emails of new admins and clients, written with the account (ADR 024, 028). */
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
}
