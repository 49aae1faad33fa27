import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEYS_MAX,
  PASSKEY_TEXTS as P,
  TWO_FACTOR_TEXTS,
  secondFactorRequired,
  type Passkey,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
} from '@firm/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import type { PasskeyRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { queueDelivery } from '../deliveries/deliveries.repository';
import type { Outbox } from '../deliveries/outbox';
import { clearTwoFactorDue, isUniqueViolation, lockUserRow } from '../users/users.repository';
import {
  deletePasskeyOf,
  insertPasskey,
  listPasskeysOf,
  liveSignInChallengeUser,
  renamePasskeyOf,
  saveRegistrationChallenge,
  saveSignInWebauthnChallenge,
  takeRegistrationChallenge,
} from './passkeys.repository';
import { findTotpSecret, deleteRecoveryCodes } from '../two-factor/two-factor.repository';
import { issueRecoveryCodes } from '../two-factor/two-factor.service';
import type { RelyingParty } from './webauthn';

/**
 * Passkeys (WebAuthn) as a second factor (ADR 037, "Passkeys"), by the SimpleWebAuthn library:
 * adding one (options, then the device's answer checked against the challenge kept in the
 * database), naming and removing them, and the options sign-in's second step asks the device.
 */

export interface PasskeyDeps {
  db: Db;
  rp: RelyingParty;
  /** The owner's email that a passkey was added (ADR 028: written with the passkey). */
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
  now?: () => Date;
}

interface Meta {
  ip: string;
}

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
const nowOf = (deps: Pick<PasskeyDeps, 'now'>) => deps.now?.() ?? new Date();

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const notFound = () => AppError.notFound(P.notFound);
const descriptor = (row: PasskeyRow) => ({ id: row.credentialId, transports: row.transports });

/** GET /api/auth/2fa/passkeys */
export async function listPasskeys(deps: PasskeyDeps, user: UserRow): Promise<Passkey[]> {
  return (await listPasskeysOf(deps.db, user.id)).map(toPasskey);
}

/**
 * POST /api/auth/2fa/passkeys/registration-options: what the browser asks the device to create.
 * Its challenge is kept (one per account, for a few minutes) for the answer to sign. The password
 * is asked first, as new recovery codes ask it: without a challenge no passkey can be added, so a
 * session alone (a browser left signed in, a stolen token) cannot add one of its own.
 */
export async function registrationOptions(
  deps: PasskeyDeps,
  user: UserRow,
  input: { password: string },
): Promise<PasskeyRegistrationOptions> {
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw AppError.badRequest(
      TWO_FACTOR_TEXTS.wrongPassword,
      { password: TWO_FACTOR_TEXTS.wrongPassword },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  const existing = await listPasskeysOf(deps.db, user.id);
  if (existing.length >= PASSKEYS_MAX) throw AppError.conflict(P.tooMany, 'PASSKEYS_TOO_MANY');
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    // The account's id, not its email: the same on every device, and nothing personal.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_MS,
  });
  const now = nowOf(deps);
  await saveRegistrationChallenge(
    deps.db,
    user.id,
    options.challenge,
    new Date(now.getTime() + CHALLENGE_MS),
    now,
  );
  // The library's type, as the answer's schema names it (the same JSON).
  return options as PasskeyRegistrationOptions;
}

const registrationRefused = () =>
  AppError.badRequest(
    P.registrationRefused,
    { response: P.registrationRefused },
    'PASSKEY_REFUSED',
  );

/**
 * POST /api/auth/2fa/passkeys: the device's answer, checked against the challenge (spent by this
 * try, right or wrong), becomes a passkey. The account's first second factor also gets its
 * recovery codes, so that losing the device does not lock the person out.
 */
export async function addPasskey(
  deps: PasskeyDeps,
  user: UserRow,
  input: { name: string; response: RegistrationResponseJSON },
  meta: Meta,
): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
  const now = nowOf(deps);
  const challenge = await takeRegistrationChallenge(deps.db, user.id, now);
  if (!challenge) {
    throw AppError.badRequest(
      P.registrationExpired,
      { response: P.registrationExpired },
      'PASSKEY_CHALLENGE_EXPIRED',
    );
  }
  let credential;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      // A second factor after the password: the device's presence is the proof, its lock a plus.
      requireUserVerification: false,
    });
    if (!verified.verified) throw registrationRefused();
    credential = verified.registrationInfo.credential;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The library throws for every answer it refuses (challenge, origin, format, signature).
    throw registrationRefused();
  }
  try {
    const added = await deps.db.transaction(async (tx) => {
      // Two passkeys added at once: one is the first, and only it gets the recovery codes.
      await lockUserRow(tx, user.id);
      const before = await listPasskeysOf(tx, user.id);
      if (before.length >= PASSKEYS_MAX) {
        throw AppError.conflict(P.tooMany, 'PASSKEYS_TOO_MANY');
      }
      const totpOn = Boolean((await findTotpSecret(tx, user.id))?.confirmedAt);
      const row = await insertPasskey(tx, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
      const isFirst = !totpOn && before.length === 0;
      const recoveryCodes = isFirst ? await issueRecoveryCodes(tx, user.id) : null;
      await clearTwoFactorDue(tx, user.id);
      await writeAudit(tx, {
        actorId: user.id,
        action: 'passkey.added',
        targetUserId: user.id,
        ip: meta.ip,
        details: { name: row.name },
      });
      // The owner is told in the passkey's own transaction, so one they did not add is seen.
      const deliveryId = await queueDelivery(tx, {
        channel: 'email',
        kind: 'passkey_added',
        to: user.email,
        subject: P.addedSubject,
        text: P.addedBody({
          firstName: user.firstName,
          name: row.name,
          at: now,
          ip: meta.ip,
          profileLink: `${deps.publicUrl}/profile#two-factor`,
        }),
      });
      return { passkey: toPasskey(row), recoveryCodes, deliveryId };
    });
    await deps.outbox.dispatch(added.deliveryId);
    return { passkey: added.passkey, recoveryCodes: added.recoveryCodes };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(P.alreadyAdded, 'PASSKEY_ALREADY_ADDED');
    throw error;
  }
}

/** PATCH /api/auth/2fa/passkeys/:id */
export async function renamePasskey(
  deps: PasskeyDeps,
  user: UserRow,
  id: string,
  name: string,
  meta: Meta,
): Promise<Passkey> {
  return deps.db.transaction(async (tx) => {
    const row = await renamePasskeyOf(tx, user.id, id, name);
    if (!row) throw notFound();
    await writeAudit(tx, {
      actorId: user.id,
      action: 'passkey.renamed',
      targetUserId: user.id,
      ip: meta.ip,
      details: { name: row.name },
    });
    return toPasskey(row);
  });
}

/**
 * DELETE /api/auth/2fa/passkeys/:id. Staff keep a second factor (their last one cannot go); a
 * client's last one takes the recovery codes with it, and the password alone signs in again.
 * Answers the message to show.
 */
export async function removePasskey(
  deps: PasskeyDeps,
  user: UserRow,
  id: string,
  meta: Meta,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    // Turning off the authenticator takes this lock too: the two cannot leave staff with neither.
    await lockUserRow(tx, user.id);
    const passkeys = await listPasskeysOf(tx, user.id);
    const target = passkeys.find((each) => each.id === id);
    if (!target) throw notFound();
    const totpOn = Boolean((await findTotpSecret(tx, user.id))?.confirmedAt);
    const isLast = !totpOn && passkeys.length === 1;
    if (isLast && secondFactorRequired(user)) {
      throw AppError.conflict(TWO_FACTOR_TEXTS.lastSecondFactor, 'LAST_SECOND_FACTOR');
    }
    await deletePasskeyOf(tx, user.id, id);
    if (isLast) await deleteRecoveryCodes(tx, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'passkey.removed',
      targetUserId: user.id,
      ip: meta.ip,
      details: { name: target.name },
    });
    return isLast ? P.removedLast : P.removed;
  });
}

/**
 * POST /api/auth/login/2fa/passkey-options: what the browser asks the device at sign-in, for the
 * challenge a right password opened. The WebAuthn challenge is kept on that challenge's row.
 */
export async function signInPasskeyOptions(
  deps: PasskeyDeps,
  challengeToken: string,
): Promise<PasskeyAuthenticationOptions> {
  const now = nowOf(deps);
  const tokenHash = hashToken(challengeToken);
  const ended = () =>
    AppError.unauthorized(TWO_FACTOR_TEXTS.challengeExpired, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  const userId = await liveSignInChallengeUser(deps.db, tokenHash, now);
  if (!userId) throw ended();
  const passkeys = await listPasskeysOf(deps.db, userId);
  if (passkeys.length === 0) throw AppError.conflict(P.noPasskeys, 'NO_PASSKEY');
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials: passkeys.map(descriptor),
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  });
  if (!(await saveSignInWebauthnChallenge(deps.db, tokenHash, options.challenge, now))) {
    throw ended();
  }
  return options as PasskeyAuthenticationOptions;
}
