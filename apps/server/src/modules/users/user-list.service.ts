import {
  ROLES,
  USER_MANAGEMENT_MESSAGES,
  can,
  paginationOf,
  type ListUsersFilters,
  type UserList,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toPublicUser } from './user-serializer';
import { listManagedUsers, managedUserStats, type UserScope } from './user-management.repository';
import type { UserManagementDeps } from './user-management-deps';

/**
 * Advocates see and manage everyone; an admin who may admit clients sees clients only, whatever
 * the request asks for; anyone else is refused.
 */
function listScope(actor: UserRow): UserScope {
  if (can(actor, 'users:manage')) return { roles: ROLES };
  if (can(actor, 'clients:admit')) return { roles: ['client'] };
  throw AppError.forbidden(USER_MANAGEMENT_MESSAGES.clientsAccessDenied);
}

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
      twoFactor: row.twoFactor,
    })),
    stats,
  };
}
