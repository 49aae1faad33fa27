import { SECURE_ACCOUNT_LINK_DAYS, SIGN_IN_DEVICE_TEXTS, type SignInDevice } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { generateToken, hashToken } from '../../lib/tokens';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { PORTAL_ORIGIN } from '../deliveries/outbox';
import { identifyDevice } from './device-label';
import { insertSecureAccountToken, listDevices, recordDevice } from './sign-in-devices.repository';

/**
 * Sign-in alerts (ADR 037, "Sign-in alerts"): every session started records its device; a device
 * the account has not signed in from before emails the person, with a link that signs every
 * session out and starts a password reset (secure-account.service.ts).
 */

/**
 * Records the device of a session being started, in `tx` (the session's own transaction). A new
 * device of an account that already had one writes the alert and its link to the outbox there
 * too, so the mail exists if and only if the session does; the caller dispatches the returned
 * delivery id once `tx` has committed. An account's very first device alerts nobody: there is
 * nothing it could be told apart from.
 */
export async function recordSignInDevice(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  meta: { ip: string; userAgent: string | null },
  now: Date,
): Promise<string | null> {
  const device = identifyDevice(meta.userAgent);
  const recorded = await recordDevice(tx, {
    userId: user.id,
    deviceKey: device.key,
    label: device.label,
    ip: meta.ip,
    now,
  });
  if (!recorded.isNew || !recorded.hadOthers) return null;

  const token = generateToken();
  await insertSecureAccountToken(tx, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SECURE_ACCOUNT_LINK_DAYS * 24 * 60 * 60 * 1000),
    vouchedAt: recorded.previousSignInAt,
  });
  // In the fragment, as every emailed link: the token reaches no server or proxy log.
  const link = `${PORTAL_ORIGIN}/secure-account#token=${encodeURIComponent(token)}`;
  return queueDelivery(tx, {
    channel: 'email',
    kind: 'sign_in_alert',
    to: user.email,
    // The link ends sessions and opens a password reset: blanked once sent.
    isConfidential: true,
    subject: SIGN_IN_DEVICE_TEXTS.alertSubject,
    text: SIGN_IN_DEVICE_TEXTS.alertBody({
      firstName: user.firstName,
      at: now,
      device: device.label,
      ip: meta.ip,
      link,
    }),
  });
}

/**
 * The caller's devices, the most recently seen first; `current` marks the one of the session
 * asking (its browser and system, as recorded when it signed in).
 */
export async function listSignInDevices(
  db: Executor,
  user: Pick<UserRow, 'id'>,
  session: Pick<SessionRow, 'userAgent'>,
): Promise<SignInDevice[]> {
  const currentKey = identifyDevice(session.userAgent).key;
  const rows = await listDevices(db, user.id);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    lastIp: row.lastIp,
    current: row.deviceKey === currentKey,
  }));
}
