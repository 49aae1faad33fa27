import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { updateUser } from '../users/users.repository';
import { spendUserResetTokens } from './password-reset.repository';
import { revokeUserSessions } from './sessions.repository';

export interface PasswordReplacement {
  passwordHash: string;
  /** True for a temporary password (an advocate's reset): the next sign-in must change it. */
  mustChangePassword: boolean;
  /** The session that made the change and stays signed in (change-password); else all end. */
  keepSessionId?: string;
}

/**
 * The one way a password is replaced: change-password, a reset link and an advocate's reset all
 * come here, in the caller's transaction, so none can forget a step (a change used to
 * leave emailed reset links alive). The new hash is stored, the sign-in lock and count cleared,
 * every outstanding reset link spent, and the user's sessions ended: all of them, or all but
 * `keepSessionId`. Undefined when the user does not exist.
 */
export async function replacePassword(
  tx: Executor,
  userId: string,
  replacement: PasswordReplacement,
): Promise<{ user: UserRow; sessionsRevoked: number } | undefined> {
  const user = await updateUser(tx, userId, {
    passwordHash: replacement.passwordHash,
    mustChangePassword: replacement.mustChangePassword,
    failedLoginCount: 0,
    lockedUntil: null,
  });
  if (!user) return undefined;
  await spendUserResetTokens(tx, userId);
  const sessionsRevoked = await revokeUserSessions(tx, userId, replacement.keepSessionId);
  return { user, sessionsRevoked };
}
