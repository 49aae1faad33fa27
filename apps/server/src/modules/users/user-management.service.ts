import { notifyPermissionsChanged } from '../notifications/notify-events';
import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  CASE_MESSAGES,
  conflictMatchText,
  USER_MANAGEMENT_MESSAGES,
  ROLES,
  can,
  type AdminPermissions,
  type ErrorCode,
  type CreateAdminValues,
  type CreateAdvocateValues,
  type CreateClientValues,
  type ListUsersFilters,
  type PublicUser,
  type UserList,
  generateTemporaryPassword,
  paginationOf,
  isAdminAccount,
  isAdvocateAccount,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import { isInvitable, issueInvitation, queueWelcomeEmail } from '../auth/invitations';
import type { Outbox } from '../deliveries/outbox';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { sameId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit-log.repository';
import { hasBillingRecords } from '../billing/fee-notes.repository';
import { countCasesOfUser } from '../cases/cases.repository';
import { conflictsForNewClient } from '../cases/case-conflicts.service';
import { spendUserResetTokens } from '../auth/password-reset.repository';
import { replacePassword } from '../auth/replace-password';
import { revokeUserSessions } from '../auth/sessions.repository';
import { toPublicUser } from './user-serializer';
import { findUserByEmail, insertUser, isUniqueViolation, updateUser } from './users.repository';
import {
  countOtherActiveAdvocates,
  deleteUserRow,
  findUserInScopeForUpdate,
  listManagedUsers,
  lockAdvocateGuard,
  managedUserStats,
  type UserScope,
} from './user-management.repository';
import type { RequestMeta } from '../../lib/route-kit';

export interface UserManagementDeps {
  db: Db;
  /** The welcome emails of new admins and clients, written with the account (ADR 024, 028). */
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
}

/**
 * The rules of user management (docs/product-rules.md#states and #user-management,
 * docs/roles-and-permissions.md). Every function takes the signed-in caller, checks `can()` itself (the routes check it too, before the
 * body is read), and writes its change and its audit row in one transaction.
 */

/**
 * Advocates see and manage everyone; an admin who may admit clients sees clients only, whatever
 * the request asks for; anyone else is refused.
 */
function listScope(actor: UserRow): UserScope {
  if (can(actor, 'users:manage')) return { roles: ROLES };
  if (can(actor, 'clients:admit')) return { roles: ['client'] };
  throw AppError.forbidden(USER_MANAGEMENT_MESSAGES.clientsAccessDenied);
}

const EVERYONE: UserScope = { roles: ROLES };

/** An advocate may not act on their own account this way (deactivate, reset, delete). */
function assertNotSelf(actor: UserRow, id: string, message: string, code: ErrorCode): void {
  if (sameId(id, actor.id)) throw AppError.badRequest(message, undefined, code);
}

const notFound = () => AppError.notFound(USER_MANAGEMENT_MESSAGES.userNotFound, 'USER_NOT_FOUND');
const emailTaken = () => AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');

export async function listUsers(
  deps: UserManagementDeps,
  actor: UserRow,
  filters: ListUsersFilters,
): Promise<UserList> {
  const scope = listScope(actor);
  const [{ rows, total }, stats] = await Promise.all([
    listManagedUsers(deps.db, scope, filters),
    managedUserStats(deps.db, scope),
  ]);
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    users: rows.map((row) => ({
      ...toPublicUser(row),
      casesAssigned: row.casesAssigned,
      clientsManaged: row.clientsManaged,
    })),
    stats,
  };
}

export interface CreatedUser {
  user: PublicUser;
  temporaryPassword: string;
}

type NewAccount = Omit<NewUserRow, 'passwordHash' | 'mustChangePassword'>;

/**
 * More to write with a new account, in its transaction (an enquiry converted to a client is
 * linked to it): if it throws, the account is not created either.
 */
export type AlongWithAccount = (tx: Executor, created: UserRow) => Promise<void>;

/**
 * Creates an account with a temporary password (generated unless `suppliedPassword`), which the
 * person must change at their first sign-in. A new admin or client is also invited by email to
 * choose their own password instead (ADR 024); the temporary password is never emailed.
 */
async function createAccount(
  deps: UserManagementDeps,
  actor: UserRow,
  account: NewAccount,
  meta: RequestMeta,
  suppliedPassword?: string,
  auditDetails?: Record<string, unknown>,
  alongWith?: AlongWithAccount,
): Promise<CreatedUser> {
  if (await findUserByEmail(deps.db, account.email)) throw emailTaken();
  const temporaryPassword = suppliedPassword ?? generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  try {
    const { user, welcomeId } = await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...account, passwordHash, mustChangePassword: true });
      const link = isInvitable(created)
        ? await issueInvitation(tx, created.id, deps.publicUrl)
        : null;
      const welcomeId = link
        ? await queueWelcomeEmail(tx, { invitee: created, invitedBy: actor, link })
        : null;
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.created',
        targetUserId: created.id,
        ip: meta.ip,
        details: {
          email: created.email,
          role: created.role,
          ...(isAdminAccount(created) ? { permissions: created.permissions } : {}),
          passwordSupplied: suppliedPassword !== undefined,
          invited: link !== null,
          ...auditDetails,
        },
      });
      await alongWith?.(tx, created);
      return { user: created, welcomeId };
    });
    if (welcomeId) await deps.outbox.dispatch(welcomeId);
    return { user: toPublicUser(user), temporaryPassword };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function createAdmin(
  deps: UserManagementDeps,
  actor: UserRow,
  input: CreateAdminValues,
  meta: RequestMeta,
): Promise<CreatedUser> {
  assertCan(actor, 'admins:manage');
  return createAccount(
    deps,
    actor,
    {
      role: 'admin',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      permissions: input.permissions,
    },
    meta,
    input.temporaryPassword,
  );
}

export async function createClient(
  deps: UserManagementDeps,
  actor: UserRow,
  input: CreateClientValues,
  meta: RequestMeta,
  alongWith?: AlongWithAccount,
): Promise<CreatedUser> {
  assertCan(actor, 'clients:admit');
  // The conflict-of-interest check: someone like the new client named in a case.
  const matches = await conflictsForNewClient(deps.db, `${input.firstName} ${input.lastName}`);
  if (matches.length > 0 && !input.conflictCheck) {
    const shown = can(actor, 'cases:view')
      ? matches
      : matches.map((match) => ({ ...match, caseNumber: null }));
    throw AppError.conflict(
      `${CASE_MESSAGES.conflictCheckRequired} ${shown.map(conflictMatchText).join('; ')}.`,
      'CONFLICT_CHECK_REQUIRED',
    );
  }
  return createAccount(
    deps,
    actor,
    {
      role: 'client',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
    },
    meta,
    undefined,
    matches.length > 0 && input.conflictCheck
      ? { conflictCleared: { reason: input.conflictCheck.reason, matches } }
      : undefined,
    alongWith,
  );
}

/** An advocate adds a colleague: verified and active at once, with a temporary password. */
export async function createAdvocate(
  deps: UserManagementDeps,
  actor: UserRow,
  input: CreateAdvocateValues,
  meta: RequestMeta,
): Promise<CreatedUser> {
  assertCan(actor, 'users:manage');
  return createAccount(
    deps,
    actor,
    {
      role: 'advocate',
      verificationStatus: 'verified',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      licenseNumber: input.licenseNumber,
      specializations: input.specialization,
      experience: input.experience,
      education: input.education,
      barAdmission: input.barAdmission,
    },
    meta,
  );
}

/**
 * Runs `change` on the target account inside a transaction, with the row locked. Only advocates
 * manage existing accounts, so the scope is everyone; an unknown id is 404.
 */
async function withTarget<T>(
  deps: UserManagementDeps,
  id: string,
  change: (tx: Executor, target: UserRow) => Promise<T>,
  options: { guardAdvocates?: boolean } = {},
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    if (options.guardAdvocates) await lockAdvocateGuard(tx);
    const target = await findUserInScopeForUpdate(tx, EVERYONE, id);
    if (!target) throw notFound();
    return change(tx, target);
  });
}

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
      // A link emailed before must not work after a later reactivation either.
      await spendUserResetTokens(tx, target.id);
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
