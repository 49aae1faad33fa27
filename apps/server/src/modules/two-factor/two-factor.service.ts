import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_TEXTS as T,
  PASSKEY_TEXTS,
  secondFactorRequired,
  type SecondFactorMethod,
  type TotpSetup,
  type TwoFactorStatus,
} from '@firm/shared';
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { queueDelivery } from '../deliveries/deliveries.repository';
import type { Outbox } from '../deliveries/outbox';
import { clearTwoFactorDue, lockUserRow } from '../users/users.repository';
import { countPasskeys } from '../passkeys/passkeys.repository';
import { spendPasskey, type PasskeyAssertion } from '../passkeys/webauthn';
import {
  claimTotpStep,
  deleteRecoveryCodes,
  deleteTotpSecret,
  findTotpSecret,
  replaceRecoveryCodes,
  saveUnconfirmedSecret,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from './two-factor.repository';

/**
 * A second factor for signing in (ADR 037): an authenticator app's codes (TOTP, RFC 6238, by the
 * `otpauth` library), and ten single-use recovery codes. The key is sealed at rest; a code once
 * accepted, and any older one, is refused (one code signs in once).
 */

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  now?: () => Date;
}

interface Meta {
  ip: string;
}

const nowOf = (deps: Pick<TwoFactorDeps, 'now'>) => deps.now?.() ?? new Date();

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: 'SHA1',
  });

/** The 30-second step whose code `code` is (the step before and after count), or null. */
function stepOf(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

export async function issueRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(hashToken));
  return codes;
}

const wrongCode = () =>
  AppError.badRequest(T.wrongCode, { code: T.wrongCode }, 'TWO_FACTOR_CODE_WRONG');

/** GET /api/auth/2fa */
export async function twoFactorStatus(
  deps: TwoFactorDeps,
  user: UserRow,
): Promise<TwoFactorStatus> {
  const [secret, left, passkeys] = await Promise.all([
    findTotpSecret(deps.db, user.id),
    unusedRecoveryCodes(deps.db, user.id),
    countPasskeys(deps.db, user.id),
  ]);
  const totp = Boolean(secret?.confirmedAt);
  return { totp, recoveryCodesLeft: totp || passkeys > 0 ? left : 0, passkeys };
}

async function isTotpOn(db: Executor, userId: string): Promise<boolean> {
  return Boolean((await findTotpSecret(db, userId))?.confirmedAt);
}

/**
 * What can finish this account's sign-in: the authenticator app, passkeys, recovery codes (the
 * last only beside one of the others). Empty: the password alone signs in.
 */
export async function secondFactorMethods(
  db: Executor,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const [totp, passkeys, left] = await Promise.all([
    isTotpOn(db, userId),
    countPasskeys(db, userId),
    unusedRecoveryCodes(db, userId),
  ]);
  if (!totp && passkeys === 0) return [];
  return [
    ...(totp ? (['totp'] as const) : []),
    ...(passkeys > 0 ? (['passkey'] as const) : []),
    ...(left > 0 ? (['recovery'] as const) : []),
  ];
}

/** Whether signing in to this account takes a second factor (an authenticator or a passkey). */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return (await isTotpOn(db, userId)) || (await countPasskeys(db, userId)) > 0;
}

/**
 * POST /api/auth/2fa/totp/setup: a new key for the authenticator app (as text and as an
 * `otpauth://` address the screen draws as a QR code). It protects nothing until a code from the
 * app confirms it; a second setup replaces a key not yet confirmed.
 */
export async function setUpTotp(deps: TwoFactorDeps, user: UserRow): Promise<TotpSetup> {
  if (await isTotpOn(deps.db, user.id)) {
    throw AppError.conflict(T.alreadyOn, 'TWO_FACTOR_ALREADY_ON');
  }
  const secret = new Secret({ size: 20 });
  await saveUnconfirmedSecret(deps.db, user.id, deps.box.seal(secret.base32));
  return { secret: secret.base32, otpauthUrl: totpOf(secret.base32, user.email).toString() };
}

/** POST /api/auth/2fa/totp/enable: a right code turns it on and gives the recovery codes. */
export async function enableTotp(
  deps: TwoFactorDeps,
  user: UserRow,
  code: string,
  meta: Meta,
): Promise<string[]> {
  const row = await findTotpSecret(deps.db, user.id);
  if (row?.confirmedAt) throw AppError.conflict(T.alreadyOn, 'TWO_FACTOR_ALREADY_ON');
  const base32 = row ? deps.box.open(row.sealedSecret) : null;
  if (!base32) throw AppError.conflict(T.noSetupStarted, 'TWO_FACTOR_NOT_ON');
  const now = nowOf(deps);
  const step = stepOf(base32, code, now);
  if (step === null) throw wrongCode();
  return deps.db.transaction(async (tx) => {
    // Confirmed in the same statement that spends the code: two tabs entering it, one wins.
    if (!(await claimTotpStep(tx, user.id, step, { confirm: now }))) {
      throw AppError.conflict(T.alreadyOn, 'TWO_FACTOR_ALREADY_ON');
    }
    const codes = await issueRecoveryCodes(tx, user.id);
    await clearTwoFactorDue(tx, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'two_factor.enabled',
      targetUserId: user.id,
      ip: meta.ip,
      details: { method: 'totp' },
    });
    return codes;
  });
}

export type SecondFactorResult = 'ok' | 'wrong' | 'used' | 'passkey_refused';

/**
 * Checks and spends a second factor: a code from the app (refused if it, or a later one, was
 * accepted before) or an unused recovery code. Run it in the transaction that acts on it.
 */
export async function spendSecondFactor(
  tx: Executor,
  box: SecretBox,
  userId: string,
  given: {
    code?: string | undefined;
    recoveryCode?: string | undefined;
    passkey?: PasskeyAssertion | undefined;
  },
  now: Date,
): Promise<SecondFactorResult> {
  if (given.passkey !== undefined) {
    return (await spendPasskey(tx, userId, given.passkey, now)) ? 'ok' : 'passkey_refused';
  }
  if (given.recoveryCode !== undefined) {
    return (await spendRecoveryCode(tx, userId, hashToken(given.recoveryCode), now))
      ? 'ok'
      : 'wrong';
  }
  const row = await findTotpSecret(tx, userId);
  const base32 = row?.confirmedAt ? box.open(row.sealedSecret) : null;
  const step = base32 && given.code ? stepOf(base32, given.code, now) : null;
  if (step === null) return 'wrong';
  return (await claimTotpStep(tx, userId, step)) ? 'ok' : 'used';
}

/** The answer to a second factor refused. */
export function refusal(result: Exclude<SecondFactorResult, 'ok'>): AppError {
  if (result === 'passkey_refused') {
    return AppError.badRequest(
      PASSKEY_TEXTS.refused,
      { passkey: PASSKEY_TEXTS.refused },
      'PASSKEY_REFUSED',
    );
  }
  return result === 'used'
    ? AppError.badRequest(T.codeUsed, { code: T.codeUsed }, 'TWO_FACTOR_CODE_USED')
    : wrongCode();
}

/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  user: UserRow,
  input: { password: string; code?: string | undefined; recoveryCode?: string | undefined },
  meta: Meta,
): Promise<string> {
  if (!(await isTotpOn(deps.db, user.id))) {
    throw AppError.conflict(T.notSetUp, 'TWO_FACTOR_NOT_ON');
  }
  // Staff keep a second factor: the authenticator goes only while another factor stays.
  const lastFactor = () => AppError.conflict(T.lastSecondFactor, 'LAST_SECOND_FACTOR');
  if (secondFactorRequired(user) && (await countPasskeys(deps.db, user.id)) === 0) {
    throw lastFactor();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw AppError.badRequest(
      T.wrongPassword,
      { password: T.wrongPassword },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  let passkeysLeft = 0;
  const result = await deps.db.transaction(async (tx) => {
    // Removing a passkey takes this lock too: the two cannot leave staff with neither.
    await lockUserRow(tx, user.id);
    const spent = await spendSecondFactor(tx, deps.box, user.id, input, nowOf(deps));
    if (spent !== 'ok') return spent;
    // Passkeys stay, and so do the recovery codes that go with them.
    await deleteTotpSecret(tx, user.id);
    passkeysLeft = await countPasskeys(tx, user.id);
    if (passkeysLeft === 0 && secondFactorRequired(user)) throw lastFactor();
    if (passkeysLeft === 0) await deleteRecoveryCodes(tx, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'two_factor.disabled',
      targetUserId: user.id,
      ip: meta.ip,
      details: { with: input.recoveryCode !== undefined ? 'recovery_code' : 'totp' },
    });
    return spent;
  });
  if (result !== 'ok') throw refusal(result);
  return passkeysLeft > 0 ? PASSKEY_TEXTS.totpOffPasskeysStay : T.disabled;
}

/**
 * POST /api/auth/2fa/recovery-codes: ten new codes; the old ones stop working. The password is
 * asked as turning it off asks it: a session alone (a browser left signed in, a stolen token)
 * must not replace the owner's codes. The owner is emailed through the outbox in the same
 * transaction, so codes they did not make are seen (ADR 037).
 */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps & { outbox: Pick<Outbox, 'dispatch'>; publicUrl: string },
  user: UserRow,
  input: { password: string },
  meta: Meta,
): Promise<string[]> {
  if (!(await hasSecondFactor(deps.db, user.id))) {
    throw AppError.conflict(T.notSetUp, 'TWO_FACTOR_NOT_ON');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw AppError.badRequest(
      T.wrongPassword,
      { password: T.wrongPassword },
      'CURRENT_PASSWORD_WRONG',
    );
  }
  const { codes, deliveryId } = await deps.db.transaction(async (tx) => {
    const issued = await issueRecoveryCodes(tx, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'two_factor.recovery_codes_renewed',
      targetUserId: user.id,
      ip: meta.ip,
    });
    const queued = await queueDelivery(tx, {
      channel: 'email',
      kind: 'recovery_codes_renewed',
      to: user.email,
      subject: T.recoveryCodesRenewedSubject,
      text: T.recoveryCodesRenewedBody({
        firstName: user.firstName,
        at: nowOf(deps),
        ip: meta.ip,
        profileLink: `${deps.publicUrl}/profile#two-factor`,
      }),
    });
    return { codes: issued, deliveryId: queued };
  });
  await deps.outbox.dispatch(deliveryId);
  return codes;
}
