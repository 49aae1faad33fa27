import { USER_MANAGEMENT_MESSAGES, ROLES, type ErrorCode } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sameId } from '../../lib/ids';
import {
  findUserInScopeForUpdate,
  lockAdvocateGuard,
  type UserScope,
} from './user-management.repository';
import type { UserManagementDeps } from './user-management-deps';

/** The existing account a user-management action changes: found, locked, and not the caller's. */

export const EVERYONE: UserScope = { roles: ROLES };

/** An advocate may not act on their own account this way (deactivate, reset, delete). */
export function assertNotSelf(actor: UserRow, id: string, message: string, code: ErrorCode): void {
  if (sameId(id, actor.id)) throw AppError.badRequest(message, undefined, code);
}

export const notFound = () =>
  AppError.notFound(USER_MANAGEMENT_MESSAGES.userNotFound, 'USER_NOT_FOUND');

/**
 * Runs `change` on the target account inside a transaction, with the row locked. Only advocates
 * manage existing accounts, so the scope is everyone; an unknown id is 404.
 */
export async function withTarget<T>(
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
