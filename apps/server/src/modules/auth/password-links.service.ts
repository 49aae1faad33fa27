import { AUTH_MESSAGES, type PublicUser } from '@firm/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { toPublicUser } from '../users/user-serializer';
import { findUserByEmail, lockUserRow, recordSuccessfulSignIn } from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth-deps';
import {
  consumeResetToken,
  countRecentResetTokens,
  insertResetToken,
  type LinkKind,
} from './password-reset.repository';
import { replacePassword } from './replace-password';
import { startSession } from './sign-in.service';
import { takeBackIntrudersAccess } from './take-back-access.service';

/**
 * The emailed one-time links that set a password: a reset link asked for with forgot-password,
 * and the invitation a new admin or client is sent (ADR 024, invitations.ts).
 */

/** A reset link is good for one hour; at most this many are sent to one account an hour. */
const RESET_TOKEN_MINUTES = 60;
const RESET_EMAILS_PER_HOUR = 3;

/**
 * Sends a reset link when the email has an active account, and does nothing visible otherwise.
 * The route runs this after answering (`app.backgroundTasks`), so neither the answer nor its timing
 * tells whether the account exists.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  // Deactivated and pending accounts get the same answer and no link.
  if (!user || !user.isActive) return;
  const now = Date.now();
  const token = generateToken();
  // In the fragment: the browser never sends it, so the token reaches no server or proxy log.
  const link = `${deps.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
  // Count and insert with the account's row locked: requests handled side by side (the email work
  // runs after the answer, so several can overlap) cannot all pass the hourly cap. The mail is
  // written with the token, so the link exists only if its mail will go (ADR 028).
  const deliveryId = await deps.db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const recent = await countRecentResetTokens(tx, user.id, new Date(now - 60 * 60_000));
    if (recent >= RESET_EMAILS_PER_HOUR) return null;
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + RESET_TOKEN_MINUTES * 60_000),
    });
    return queueDelivery(tx, {
      channel: 'email',
      kind: 'password_reset',
      to: user.email,
      isConfidential: true,
      subject: 'Reset your password: Mwamba & Associates Advocates',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone (we hope you) asked to reset the password of your account at Mwamba & Associates Advocates.',
        'To choose a new password, open this link within one hour:',
        '',
        link,
        '',
        'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
        `Request made from IP address ${meta.ip}.`,
      ].join('\n'),
    });
  });
  if (!deliveryId) {
    deps.logger.warn({ userId: user.id }, 'password reset not sent: hourly cap reached');
    return;
  }
  await deps.outbox.dispatch(deliveryId);
}

/**
 * A reset link's token, as forgot-password issues it (one hour, single use), handed to whoever
 * already proved the mailbox another way: a sign-in alert's "secure your account" link, which
 * goes on to choosing a password without a second email.
 */
export async function issueResetToken(tx: Executor, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await insertResetToken(tx, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
  });
  return token;
}

/**
 * Spends a one-time link of `kind` (reset or invitation) and sets the password it was sent for.
 * A spent, expired or unknown link answers `invalid()`; so does one for an account deactivated
 * since it was sent (it must not reopen the account), and the rollback leaves the link unspent.
 */
async function passwordFromLink(
  tx: Executor,
  kind: LinkKind,
  token: string,
  passwordHash: string,
  now: Date,
  invalid: () => AppError,
) {
  const consumed = await consumeResetToken(tx, hashToken(token), now, kind);
  if (!consumed) throw invalid();
  const replaced = await replacePassword(tx, consumed.userId, {
    passwordHash,
    mustChangePassword: false,
  });
  if (!replaced || !replaced.user.isActive) throw invalid();
  return replaced;
}

/**
 * Sets a new password from a reset link: single use, and every session of the user ends. What
 * someone else signed in with the old password may have left goes too (take-back-access.service.ts):
 * the calendar feed's address, and second factors added since an alerted sign-in. Answers the
 * sentences to add to the screen's message.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<string[]> {
  const invalid = () =>
    AppError.badRequest(AUTH_MESSAGES.resetTokenInvalid, undefined, 'INVALID_RESET_TOKEN');
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const takenBack = await deps.db.transaction(async (tx) => {
    const replaced = await passwordFromLink(tx, 'reset', input.token, passwordHash, now, invalid);
    await writeAudit(tx, {
      actorId: replaced.user.id,
      action: 'user.password_reset',
      targetUserId: replaced.user.id,
      ip: meta.ip,
      details: {
        email: replaced.user.email,
        via: 'email link',
        sessionsRevoked: replaced.sessionsRevoked,
      },
    });
    return takeBackIntrudersAccess(tx, replaced.user, 'reset', meta, now);
  });
  if (takenBack.deliveryId) await deps.outbox.dispatch(takenBack.deliveryId);
  return takenBack.sentences;
}

/**
 * Sets the password of an invited admin or client from their welcome link (ADR 024) and signs
 * them in: the link reached their mailbox, as a reset link does. Single use; like every password
 * change it spends their other links and ends their other sessions (a temporary-password session).
 */
export async function acceptInvitation(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<{ token: string; user: PublicUser }> {
  const invalid = () =>
    AppError.badRequest(AUTH_MESSAGES.invitationInvalid, undefined, 'INVALID_INVITATION');
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const user = await deps.db.transaction(async (tx) => {
    const replaced = await passwordFromLink(
      tx,
      'invitation',
      input.token,
      passwordHash,
      now,
      invalid,
    );
    await writeAudit(tx, {
      actorId: replaced.user.id,
      action: 'user.invitation_accepted',
      targetUserId: replaced.user.id,
      ip: meta.ip,
      details: { email: replaced.user.email, sessionsRevoked: replaced.sessionsRevoked },
    });
    const signedIn = await recordSuccessfulSignIn(tx, replaced.user.id, now);
    if (!signedIn) throw invalid();
    return signedIn;
  });
  const started = await startSession(deps, user, { rememberMe: false, now }, meta);
  return { token: started.token, user: toPublicUser(started.user) };
}
