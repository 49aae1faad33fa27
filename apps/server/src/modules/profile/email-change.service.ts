import {
  AUTH_MESSAGES,
  EMAIL_CHANGE_TOKEN_HOURS,
  PROFILE_MESSAGES,
  type Profile,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  lockUserRow,
  updateUser,
} from '../users/users.repository';
import {
  claimEmailChangeToken,
  insertEmailChangeToken,
  spendEmailChangeTokens,
  countEmailChangeTokensSince,
} from './profile.repository';
import type { RequestMeta } from '../../lib/route-kit';

import { profileOf, type ProfileDeps } from './profile.service';

/** Profile's email change: a link to the new address, a notice to the old (ADR 016). */
const emailTaken = () => AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');

/**
 * Sends a confirmation link to the new address (the old one is told). The email changes only when
 * the link is opened: a mistyped address or someone at an unlocked screen cannot take the account.
 */
export async function requestEmailChange(
  deps: ProfileDeps,
  actor: UserRow,
  newEmail: string,
  meta: RequestMeta,
): Promise<void> {
  const email = await checkNewEmail(
    deps.db,
    actor,
    newEmail,
    PROFILE_MESSAGES.emailChangeSameAddress,
  );
  const deliveryIds = await deps.db.transaction(async (tx) => {
    const token = await storeEmailChange(tx, { actor, target: actor, email, meta });
    return queueEmailChangeMails(tx, deps, { target: actor, email, token, meta, byStaff: false });
  });
  await deps.outbox.dispatch(deliveryIds);
}

/**
 * The new address, lower-case, if `target` may move to it: not their address already (400 with
 * `sameMessage`), nobody else's (409). Checked before anything is written.
 */
export async function checkNewEmail(
  db: Executor,
  target: UserRow,
  newEmail: string,
  sameMessage: string,
): Promise<string> {
  const email = newEmail.toLowerCase();
  if (email === target.email) throw AppError.badRequest(sameMessage, { email: sameMessage });
  if (await findUserByEmail(db, email)) throw emailTaken();
  return email;
}

/**
 * Stores a single-use link token for `target` moving to `email` (a new request spends older
 * links), and audits who asked, in the caller's transaction. Returns the token for the email.
 * Staff changing a client's address (Clients screen) use the same link: the client confirms it.
 */
/** Confirmation links one account may be sent in an hour (Profile and the Clients screen alike). */
export const EMAIL_CHANGE_LINKS_PER_HOUR = 3;

export async function storeEmailChange(
  tx: Executor,
  request: { actor: UserRow; target: UserRow; email: string; meta: RequestMeta },
): Promise<string> {
  const { actor, target, email, meta } = request;
  const token = generateToken();
  await lockUserRow(tx, target.id);
  // Each link is an email to an address someone typed: a few an hour per account, whoever asks
  // (the person in Profile, or staff on the client's page), counted under the row lock.
  const recent = await countEmailChangeTokensSince(
    tx,
    target.id,
    new Date(Date.now() - 60 * 60_000),
  );
  if (recent >= EMAIL_CHANGE_LINKS_PER_HOUR) {
    throw AppError.tooManyRequests(PROFILE_MESSAGES.emailChangeTooMany);
  }
  await spendEmailChangeTokens(tx, target.id);
  await insertEmailChangeToken(tx, {
    userId: target.id,
    newEmail: email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TOKEN_HOURS * 60 * 60_000),
  });
  await writeAudit(tx, {
    actorId: actor.id,
    action: 'profile.email_change_requested',
    targetUserId: target.id,
    ip: meta.ip,
    details: {
      from: target.email,
      to: email,
      ...(actor.id === target.id ? {} : { byStaff: true }),
    },
  });
  return token;
}

/**
 * Writes to the outbox, in the transaction that stored the link, the link to the new address and
 * a notice without it to the old one; returns their ids for `outbox.dispatch` after the commit.
 */
export async function queueEmailChangeMails(
  tx: Executor,
  deps: Pick<ProfileDeps, 'publicUrl'>,
  request: { target: UserRow; email: string; token: string; meta: RequestMeta; byStaff: boolean },
): Promise<string[]> {
  const { target, email, token, meta, byStaff } = request;
  // In the fragment: the browser never sends it, so the token reaches no server or proxy log.
  const link = `${deps.publicUrl}/profile/confirm-email#token=${encodeURIComponent(token)}`;
  const linkId = await queueDelivery(tx, {
    channel: 'email',
    kind: 'email_change_link',
    isConfidential: true,
    to: email,
    subject: `${PROFILE_MESSAGES.emailChangeSubject}: Mwamba & Associates Advocates`,
    text: [
      `Hello ${target.firstName},`,
      '',
      byStaff
        ? 'The firm was asked to use this address for your account at Mwamba & Associates Advocates.'
        : 'You asked to use this address for your account at Mwamba & Associates Advocates.',
      `To confirm it, open this link within ${EMAIL_CHANGE_TOKEN_HOURS} hours while signed in:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  });
  const noticeId = await queueDelivery(tx, {
    channel: 'email',
    kind: 'email_change_notice',
    to: target.email,
    subject: `${PROFILE_MESSAGES.emailChangeNoticeSubject}: Mwamba & Associates Advocates`,
    text: [
      `Hello ${target.firstName},`,
      '',
      byStaff
        ? `The firm was asked to change your account's email address to ${email}.`
        : `Someone signed in to your account asked to change its email address to ${email}.`,
      'It changes only when the link sent to that address is opened.',
      '',
      byStaff
        ? 'If you did not ask for this, tell the firm.'
        : 'If this was not you, sign in, change your password and sign out of all other devices in Profile Settings, and tell the firm.',
      `Request made from IP address ${meta.ip}.`,
    ].join('\n'),
  });
  return [linkId, noticeId];
}

/**
 * Confirms a new email with the link's token. The link must belong to the signed-in person: a
 * forwarded link cannot move someone else's account.
 */
export async function confirmEmailChange(
  deps: ProfileDeps,
  actor: UserRow,
  token: string,
  meta: RequestMeta,
): Promise<Profile> {
  const invalid = () =>
    AppError.badRequest(
      PROFILE_MESSAGES.emailChangeLinkInvalid,
      undefined,
      'INVALID_EMAIL_CHANGE_TOKEN',
    );
  try {
    const updated = await deps.db.transaction(async (tx) => {
      await lockUserRow(tx, actor.id);
      const claimed = await claimEmailChangeToken(tx, hashToken(token), new Date());
      if (!claimed || claimed.userId !== actor.id) throw invalid();
      const current = await findUserById(tx, actor.id);
      const row = await updateUser(tx, actor.id, { email: claimed.newEmail });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'profile.email_changed',
        targetUserId: actor.id,
        ip: meta.ip,
        details: { from: current?.email ?? actor.email, to: claimed.newEmail },
      });
      return row!;
    });
    return profileOf(deps, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
