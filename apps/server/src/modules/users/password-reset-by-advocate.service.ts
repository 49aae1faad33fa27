import { USER_MANAGEMENT_MESSAGES, generateTemporaryPassword } from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { assertCan } from '../../lib/permissions';
import { hashPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { replacePassword } from '../auth/replace-password';
import type { CreatedUser } from './account-creation.service';
import { toPublicUser } from './user-serializer';
import { assertNotSelf, notFound, withTarget } from './target-account';
import type { UserManagementDeps } from './user-management-deps';

/**
 * A fresh temporary password from the CSPRNG, shown once: the account must change it at the next
 * sign-in, its sessions and emailed reset links stop working at once.
 */
export async function resetUserPassword(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<CreatedUser> {
  assertCan(actor, 'users:manage');
  assertNotSelf(
    actor,
    id,
    USER_MANAGEMENT_MESSAGES.cannotResetOwnPassword,
    'CANNOT_RESET_OWN_PASSWORD',
  );
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const user = await withTarget(deps, id, async (tx, target) => {
    const replaced = await replacePassword(tx, target.id, {
      passwordHash,
      mustChangePassword: true,
    });
    if (!replaced) throw notFound();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'user.password_reset',
      targetUserId: target.id,
      ip: meta.ip,
      details: {
        email: target.email,
        role: target.role,
        via: 'advocate',
        sessionsRevoked: replaced.sessionsRevoked,
      },
    });
    return toPublicUser(replaced.user);
  });
  return { user, temporaryPassword };
}
