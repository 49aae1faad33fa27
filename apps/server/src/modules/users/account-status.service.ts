import {
  BILLING_MESSAGES,
  CASE_MESSAGES,
  TIME_TEXTS,
  USER_MANAGEMENT_MESSAGES,
  isAdvocateAccount,
  type PublicUser,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { revokeCalendarFeedOf } from '../auth/calendar-feed-access.repository';
import { spendUserResetTokens } from '../auth/password-reset.repository';
import { revokeUserSessions } from '../auth/sessions.repository';
import { hasBillingRecords, hasTimeRecords } from '../billing/fee-notes.repository';
import { countCasesOfUser } from '../cases/cases.repository';
import { toPublicUser } from './user-serializer';
import { updateUser } from './users.repository';
import { countOtherActiveAdvocates, deleteUserRow } from './user-management.repository';
import { assertNotSelf, withTarget } from './target-account';
import type { UserManagementDeps } from './user-management-deps';

/**
 * An account's state (docs/product-rules.md#states): active or deactivated, a later advocate
 * pending until verified, or deleted for good.
 */

/**
 * An account that keeps the firm's accounts running must not go: taking the last active,
 * verified advocate out of service answers 409. Called under the advocate guard lock, so two
 * advocates removing each other at the same moment cannot both succeed.
 */
async function assertAnotherAdvocateRemains(tx: Executor, target: UserRow): Promise<void> {
  const isServingAdvocate =
    isAdvocateAccount(target) && target.isActive && target.verificationStatus === 'verified';
  if (!isServingAdvocate) return;
  if ((await countOtherActiveAdvocates(tx, target.id)) === 0) {
    throw AppError.conflict(USER_MANAGEMENT_MESSAGES.lastActiveAdvocate, 'LAST_ACTIVE_ADVOCATE');
  }
}

export async function deactivateUser(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<PublicUser> {
  assertCan(actor, 'users:manage');
  assertNotSelf(actor, id, USER_MANAGEMENT_MESSAGES.cannotDeactivateSelf, 'CANNOT_DEACTIVATE_SELF');
  return withTarget(
    deps,
    id,
    async (tx, target) => {
      await assertAnotherAdvocateRemains(tx, target);
      const updated = await updateUser(tx, target.id, { isActive: false });
      const sessionsRevoked = await revokeUserSessions(tx, target.id);
      // A link emailed before must not work after a later reactivation either, nor the
      // calendar feed's address (ADR 025): a reactivated account makes a new one.
      await spendUserResetTokens(tx, target.id);
      await revokeCalendarFeedOf(tx, target.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.deactivated',
        targetUserId: target.id,
        ip: meta.ip,
        details: {
          email: target.email,
          role: target.role,
          wasActive: target.isActive,
          sessionsRevoked,
        },
      });
      return toPublicUser(updated!);
    },
    { guardAdvocates: true },
  );
}

export async function activateUser(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<PublicUser> {
  assertCan(actor, 'users:manage');
  return withTarget(deps, id, async (tx, target) => {
    if (target.verificationStatus === 'pending') {
      throw AppError.conflict(
        USER_MANAGEMENT_MESSAGES.advocatePendingUseVerify,
        'ADVOCATE_PENDING',
      );
    }
    const updated = await updateUser(tx, target.id, { isActive: true });
    // A feed kept from before the deactivation (or from before feeds went with it) stays off.
    await revokeCalendarFeedOf(tx, target.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'user.activated',
      targetUserId: target.id,
      ip: meta.ip,
      details: { email: target.email, role: target.role, wasActive: target.isActive },
    });
    return toPublicUser(updated!);
  });
}

/** A pending advocate (a later self-registration) becomes verified and active. */
export async function verifyAdvocate(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<PublicUser> {
  assertCan(actor, 'users:manage');
  return withTarget(deps, id, async (tx, target) => {
    if (!isAdvocateAccount(target) || target.verificationStatus !== 'pending') {
      throw AppError.conflict(USER_MANAGEMENT_MESSAGES.onlyPendingAdvocatesVerified, 'NOT_PENDING');
    }
    const updated = await updateUser(tx, target.id, {
      verificationStatus: 'verified',
      isActive: true,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'user.verified',
      targetUserId: target.id,
      ip: meta.ip,
      details: { email: target.email, role: target.role },
    });
    return toPublicUser(updated!);
  });
}

/** Permanent: the account, its sessions and reset links go; the audit log keeps its email. */
export async function deleteUser(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(actor, 'users:manage');
  assertNotSelf(actor, id, USER_MANAGEMENT_MESSAGES.cannotDeleteSelf, 'CANNOT_DELETE_SELF');
  await withTarget(
    deps,
    id,
    async (tx, target) => {
      await assertAnotherAdvocateRemains(tx, target);
      // Case files are kept, and name their client and assignee (ADR 014).
      if ((await countCasesOfUser(tx, target.id)) > 0) {
        throw AppError.conflict(CASE_MESSAGES.userHasCases, 'USER_HAS_CASES');
      }
      // So are fee notes and payments, for the 7 years KRA requires (ADR 035).
      if (await hasBillingRecords(tx, target.id)) {
        throw AppError.conflict(BILLING_MESSAGES.userHasBilling, 'USER_HAS_BILLING');
      }
      // Staff's recorded time and expenses are kept too (ADR 050).
      if (await hasTimeRecords(tx, target.id)) {
        throw AppError.conflict(TIME_TEXTS.userHasTime, 'USER_HAS_BILLING');
      }
      const sessionsRevoked = await revokeUserSessions(tx, target.id);
      // Written first, while the row exists; the deletion then sets target_user_id to null and
      // details keep who it was.
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.deleted',
        targetUserId: target.id,
        ip: meta.ip,
        details: {
          userId: target.id,
          email: target.email,
          role: target.role,
          firstName: target.firstName,
          lastName: target.lastName,
          sessionsRevoked,
        },
      });
      await deleteUserRow(tx, target.id);
    },
    { guardAdvocates: true },
  );
}
