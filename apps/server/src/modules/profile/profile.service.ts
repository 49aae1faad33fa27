import {
  AUTH_MESSAGES,
  EMAIL_CHANGE_TOKEN_HOURS,
  PROFILE_MESSAGES,
  can,
  type DataRequest,
  type DeviceSession,
  type Profile,
  type UpdateProfessionalValues,
  type UpdateProfileValues,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { DataRequestRow, SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { queueDelivery } from '../deliveries/deliveries.repository';
import type { Outbox } from '../deliveries/outbox';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { revokeSession, revokeUserSessions } from '../auth/sessions.repository';
import { toPublicUser } from '../users/user-serializer';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  lockUserRow,
  updateUser,
} from '../users/users.repository';
import { buildDataExport } from './data-export';
import {
  claimEmailChangeToken,
  findPendingEmailChange,
  insertDataRequest,
  insertEmailChangeToken,
  listLiveSessions,
  listOwnDataRequests,
  spendEmailChangeTokens,
  countEmailChangeTokensSince,
} from './profile.repository';
import { describeUserAgent } from './user-agent';
import type { RequestMeta } from '../../lib/route-kit';

export interface ProfileDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/**
 * Profile Settings: what a signed-in person may do to their own account. Every change
 * and its audit row are written in one transaction.
 */

async function profileOf(deps: ProfileDeps, user: UserRow, now = new Date()): Promise<Profile> {
  const pending = await findPendingEmailChange(deps.db, user.id, now);
  return { user: toPublicUser(user), pendingEmail: pending?.newEmail ?? null };
}

export async function getProfile(deps: ProfileDeps, actor: UserRow): Promise<Profile> {
  return profileOf(deps, actor);
}

export async function updateProfile(
  deps: ProfileDeps,
  actor: UserRow,
  input: UpdateProfileValues,
  meta: RequestMeta,
): Promise<Profile> {
  const patch = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
  };
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, actor.id, patch);
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter(
      (key) => actor[key] !== patch[key],
    );
    if (changed.length > 0) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'profile.updated',
        targetUserId: actor.id,
        ip: meta.ip,
        details: { fields: changed },
      });
    }
    return row!;
  });
  return profileOf(deps, updated);
}

export async function updateProfessionalDetails(
  deps: ProfileDeps,
  actor: UserRow,
  input: UpdateProfessionalValues,
  meta: RequestMeta,
): Promise<Profile> {
  if (!can(actor, 'profile:professional')) {
    throw AppError.forbidden(PROFILE_MESSAGES.professionalDetailsOnlyAdvocates);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, actor.id, {
      licenseNumber: input.licenseNumber,
      specializations: input.specialization,
      experience: input.experience,
      education: input.education,
      barAdmission: input.barAdmission,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'profile.professional_updated',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { licenseNumber: input.licenseNumber },
    });
    return row!;
  });
  return profileOf(deps, updated);
}

// ---------------------------------------------------------------------------------------------
// Email change

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

// ---------------------------------------------------------------------------------------------
// Sessions

function toDeviceSession(session: SessionRow, currentId: string): DeviceSession {
  return {
    id: session.id,
    ...describeUserAgent(session.userAgent),
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    current: session.id === currentId,
  };
}

export async function listSessions(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
): Promise<DeviceSession[]> {
  const rows = await listLiveSessions(deps.db, actor.id, new Date());
  return rows.map((row) => toDeviceSession(row, current.id));
}

/** Signs out one other device. The current one signs out with Sign Out (POST /auth/logout). */
export async function endSession(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
  sessionId: string,
  meta: RequestMeta,
): Promise<void> {
  if (sessionId === current.id) {
    throw AppError.badRequest(
      PROFILE_MESSAGES.cannotEndCurrentSession,
      undefined,
      'CURRENT_SESSION',
    );
  }
  await deps.db.transaction(async (tx) => {
    // Another person's session answers as an unknown one.
    if (!(await revokeSession(tx, sessionId, actor.id))) {
      throw AppError.notFound(PROFILE_MESSAGES.sessionNotFound);
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'session.revoked',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { sessionId },
    });
  });
}

export async function endOtherSessions(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
  meta: RequestMeta,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const count = await revokeUserSessions(tx, actor.id, current.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'session.revoked_others',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { count },
    });
    return count;
  });
}

// ---------------------------------------------------------------------------------------------
// Data protection

export async function exportOwnData(
  deps: ProfileDeps,
  actor: UserRow,
  meta: RequestMeta,
): Promise<Record<string, unknown>> {
  const now = new Date();
  // The row goes in first, so the file includes its own download.
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'profile.data_exported',
    targetUserId: actor.id,
    ip: meta.ip,
  });
  return buildDataExport(deps.db, actor, now);
}

export function toDataRequest(
  row: DataRequestRow,
  handler?: Pick<UserRow, 'id' | 'firstName' | 'lastName'> | null,
): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    message: row.message,
    reason: row.reason,
    handledBy: handler
      ? { id: handler.id, name: `${handler.firstName} ${handler.lastName}` }
      : null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOwnRequests(deps: ProfileDeps, actor: UserRow): Promise<DataRequest[]> {
  const rows = await listOwnDataRequests(deps.db, actor.id);
  // The person sees the answer, not which colleague gave it.
  return rows.map((row) => toDataRequest(row, null));
}

/** Files a request to delete the person's data; one open request at a time. */
export async function requestDeletion(
  deps: ProfileDeps,
  actor: UserRow,
  message: string | undefined,
  meta: RequestMeta,
): Promise<DataRequest> {
  const alreadyOpen = () =>
    AppError.conflict(PROFILE_MESSAGES.deletionAlreadyOpen, 'DATA_REQUEST_OPEN');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertDataRequest(tx, {
        userId: actor.id,
        kind: 'erasure',
        requesterName: `${actor.firstName} ${actor.lastName}`,
        requesterEmail: actor.email,
        message: message ?? null,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'data_request.created',
        targetUserId: actor.id,
        ip: meta.ip,
        details: { requestId: created.id, kind: 'erasure' },
      });
      return created;
    });
    return toDataRequest(row, null);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
}
