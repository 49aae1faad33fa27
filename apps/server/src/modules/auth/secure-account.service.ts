import { SIGN_IN_DEVICE_TEXTS } from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { findUserById } from '../users/users.repository';
import type { RequestMeta } from '../../lib/route-kit';
import type { AuthDeps } from './auth-deps';
import { issueResetToken } from './password-links.service';
import { revokeUserSessions } from './sessions.repository';
import { consumeSecureAccountToken } from '../sign-in-devices/sign-in-devices.repository';
import { takeBackIntrudersAccess } from './take-back-access.service';

/**
 * POST /api/auth/secure-account: a sign-in alert's "Not you?" link (ADR 037, "Sign-in alerts").
 * In one transaction: the link is spent, every session of the account ends (announced to every
 * process, whose live streams close at once), what an intruder may have left is taken back
 * (take-back-access.service.ts), a reset link's token is issued for the page to go
 * straight on to choosing a new password, and the audit log says so. A spent, expired or unknown
 * link, or one of an account deactivated since (it must not reopen it), answers 400 and changes
 * nothing.
 */
export async function secureAccount(
  deps: Pick<AuthDeps, 'db' | 'outbox'>,
  token: string,
  meta: RequestMeta,
): Promise<{ resetToken: string; message: string }> {
  const invalid = () =>
    AppError.badRequest(SIGN_IN_DEVICE_TEXTS.linkInvalid, undefined, 'INVALID_SECURE_ACCOUNT_LINK');
  const now = new Date();
  const secured = await deps.db.transaction(async (tx) => {
    const consumed = await consumeSecureAccountToken(tx, hashToken(token), now);
    if (!consumed) throw invalid();
    const user = await findUserById(tx, consumed.userId);
    if (!user?.isActive) throw invalid();
    const sessionsRevoked = await revokeUserSessions(tx, user.id);
    const resetToken = await issueResetToken(tx, user.id, now);
    // The calendar feed, and second factors added since the sign-in before the alert's, go.
    const takenBack = await takeBackIntrudersAccess(tx, user, 'secure', meta, now);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'account.secured',
      targetUserId: user.id,
      ip: meta.ip,
      details: { email: user.email, sessionsRevoked },
    });
    return { resetToken, takenBack };
  });
  if (secured.takenBack.deliveryId) await deps.outbox.dispatch(secured.takenBack.deliveryId);
  return {
    resetToken: secured.resetToken,
    message: [SIGN_IN_DEVICE_TEXTS.secured, ...secured.takenBack.sentences].join(' '),
  };
}
