import { AUTH_MESSAGES, MESSAGES, type ChangePasswordInput, type PublicUser } from '@firm/shared';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit-log.repository';
import { toPublicUser } from '../users/user-serializer';
import { findUserById } from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth-deps';
import { replacePassword } from './replace-password';

/** The signed-in user changes their password; their other sessions end, this one stays. */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  session: SessionRow,
  input: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>,
  meta: RequestMeta,
): Promise<PublicUser> {
  // A fresh read: the hash may have changed since the request began.
  const current = await findUserById(deps.db, user.id);
  if (!current || !(await verifyPassword(current.passwordHash, input.currentPassword))) {
    // 400, not 401: the session is fine, only the typed password is wrong.
    throw AppError.badRequest(
      AUTH_MESSAGES.currentPasswordWrong,
      { currentPassword: AUTH_MESSAGES.currentPasswordWrong },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    const replaced = await replacePassword(tx, user.id, {
      passwordHash,
      mustChangePassword: false,
      keepSessionId: session.id,
    });
    if (!replaced) throw AppError.unauthorized(MESSAGES.signInRequired);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'user.password_changed',
      targetUserId: user.id,
      ip: meta.ip,
      details: {
        email: user.email,
        wasRequired: current.mustChangePassword,
        sessionsRevoked: replaced.sessionsRevoked,
      },
    });
    return toPublicUser(replaced.user);
  });
}
