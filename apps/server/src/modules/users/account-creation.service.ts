import {
  AUTH_MESSAGES,
  CASE_MESSAGES,
  conflictMatchText,
  can,
  type CreateAdminValues,
  type CreateAdvocateValues,
  type CreateClientValues,
  type PublicUser,
  generateTemporaryPassword,
  isAdminAccount,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { hashPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { isInvitable, issueInvitation, queueWelcomeEmail } from '../auth/invitations';
import { conflictsForNewClient } from '../cases/case-conflicts.service';
import { toPublicUser } from './user-serializer';
import { findUserByEmail, insertUser, isUniqueViolation } from './users.repository';
import type { UserManagementDeps } from './user-management-deps';

const emailTaken = () => AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');

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
