import { isAdminAccount, isAdvocateAccount, secondFactorRequired } from '@firm/shared';
import type { PublicUser } from '@firm/shared';
import type { UserRow } from '../../db/schema';

/**
 * The user object on the wire (`publicUserSchema`): the role decides which extra fields appear.
 * Routes answer with that schema, so nothing else (hashes, counters) could leave even by mistake.
 */
export function toPublicUser(row: UserRow): PublicUser {
  const user: PublicUser = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    mustChangePassword: row.mustChangePassword,
  };
  if (row.twoFactorDueAt && secondFactorRequired(row)) {
    user.twoFactorDueAt = row.twoFactorDueAt.toISOString();
  }
  if (isAdminAccount(row) && row.permissions) user.permissions = row.permissions;
  if (isAdvocateAccount(row)) {
    user.verificationStatus = row.verificationStatus ?? 'pending';
    user.licenseNumber = row.licenseNumber;
    user.specialization = row.specializations ?? [];
    user.experience = row.experience;
    user.education = row.education;
    user.barAdmission = row.barAdmission;
  }
  return user;
}
