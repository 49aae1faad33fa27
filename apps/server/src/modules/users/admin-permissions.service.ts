import {
  USER_MANAGEMENT_MESSAGES,
  isAdminAccount,
  type AdminPermissions,
  type PublicUser,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { notifyPermissionsChanged } from '../notifications/notify-events';
import { toPublicUser } from './user-serializer';
import { updateUser } from './users.repository';
import { withTarget } from './target-account';
import type { UserManagementDeps } from './user-management-deps';

/** An admin's toggles (docs/roles-and-permissions.md); the admin is told of the change. */
export async function updateAdminPermissions(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  permissions: AdminPermissions,
  meta: RequestMeta,
): Promise<PublicUser> {
  assertCan(actor, 'admins:manage');
  return withTarget(deps, id, async (tx, target) => {
    // The path names an admin: another account is not one (404, as an unknown id).
    if (!isAdminAccount(target))
      throw AppError.notFound(USER_MANAGEMENT_MESSAGES.adminNotFound, 'ADMIN_NOT_FOUND');
    const updated = await updateUser(tx, target.id, { permissions });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'admin.permissions_updated',
      targetUserId: target.id,
      ip: meta.ip,
      details: { email: target.email, before: target.permissions, after: permissions },
    });
    await notifyPermissionsChanged(tx, updated!, actor);
    return toPublicUser(updated!);
  });
}
