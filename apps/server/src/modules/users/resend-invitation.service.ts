import { USER_MANAGEMENT_MESSAGES, can, isAdminAccount, type PublicUser } from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { isInvitable, issueInvitation, queueWelcomeEmail } from '../auth/invitations';
import { toPublicUser } from './user-serializer';
import { findUserInScopeForUpdate } from './user-management.repository';
import { EVERYONE, notFound } from './target-account';
import type { UserManagementDeps } from './user-management-deps';

/**
 * Sends a new invitation to an admin or client who has not signed in yet; the link sent before
 * stops working. Who may: whoever may create that kind of account (an admin's: advocates; a
 * client's: advocates and admins who admit clients).
 */
export async function resendInvitation(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<PublicUser> {
  const { target, welcomeId } = await deps.db.transaction(async (tx) => {
    const target = await findUserInScopeForUpdate(tx, EVERYONE, id);
    if (!target) {
      // Someone who may invite nobody is refused before learning whether the id exists.
      assertCan(actor, can(actor, 'admins:manage') ? 'admins:manage' : 'clients:admit');
      throw notFound();
    }
    if (isAdminAccount(target)) {
      assertCan(actor, 'admins:manage');
    } else {
      assertCan(actor, 'clients:admit');
    }
    if (!isInvitable(target)) {
      throw AppError.conflict(
        USER_MANAGEMENT_MESSAGES.onlyAdminsAndClientsInvited,
        'INVITATION_NOT_NEEDED',
      );
    }
    if (target.lastLogin !== null || !target.isActive) {
      throw AppError.conflict(
        USER_MANAGEMENT_MESSAGES.invitationNotNeeded,
        'INVITATION_NOT_NEEDED',
      );
    }
    const link = await issueInvitation(tx, target.id, deps.publicUrl, { replace: true });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'user.invitation_resent',
      targetUserId: target.id,
      ip: meta.ip,
      details: { email: target.email, role: target.role },
    });
    return {
      target,
      welcomeId: await queueWelcomeEmail(tx, { invitee: target, invitedBy: actor, link }),
    };
  });
  await deps.outbox.dispatch(welcomeId);
  return toPublicUser(target);
}
