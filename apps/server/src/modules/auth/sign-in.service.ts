import {
  REMEMBER_ME_DAYS,
  SESSION_HOURS,
  type PublicUser,
  AUTH_MESSAGES,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_TEXTS,
  PASSKEY_TEXTS,
  isAdvocateAccount,
  secondFactorRequired,
  type LoginSecondStepInput,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { readStaffTwoFactorGraceDays } from '../settings/firm-settings.service';
import { toPublicUser } from '../users/user-serializer';
import {
  findUserById,
  claimSignInAttempt,
  markTwoFactorDue,
  recordSuccessfulSignIn,
  refundSignInAttempt,
} from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth-deps';
import { LOCK_MINUTES, LOCK_MS, MAX_FAILURES } from './login-throttle';
import { insertSession, revokeSession } from './sessions.repository';
import { recordSignInDevice } from '../sign-in-devices/sign-in-devices.service';
import {
  hasSecondFactor,
  refusal,
  secondFactorMethods,
  spendSecondFactor,
} from '../two-factor/two-factor.service';
import { relyingPartyOf } from '../passkeys/webauthn';
import {
  countChallengeFailure,
  endChallenge,
  insertChallenge,
  lockLiveChallenge,
} from '../two-factor/two-factor.repository';

/**
 * Signing in and out: the password, then the second step when the account has two-factor sign-in
 * (ADR 037), then a session. Registration and the emailed links start theirs here too
 * (startSession).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function startSession(
  deps: AuthDeps,
  user: UserRow,
  options: { rememberMe: boolean; now?: Date },
  meta: RequestMeta,
): Promise<{ token: string; user: UserRow }> {
  const token = generateToken();
  const lifetimeMs = options.rememberMe
    ? REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000
    : SESSION_HOURS * 60 * 60 * 1000;
  const now = options.now ?? new Date();
  // The device is recorded with the session, and a new one's alert written to the outbox, in one
  // transaction (sign-in-devices.service.ts): every way in (password, second step, a welcome
  // link, registration) comes through here, and so does the start of staff's grace for a second
  // factor: a session begun by a link or by registration is held by the gate as one begun by a
  // password (ADR 037, "Required of staff").
  const started = await deps.db.transaction(async (tx) => {
    const signedIn = await startTwoFactorGrace(tx, user, now);
    await insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + lifetimeMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return { user: signedIn, alertId: await recordSignInDevice(tx, user, meta, now) };
  });
  if (started.alertId) await deps.outbox.dispatch(started.alertId);
  return { token, user: started.user };
}

/**
 * Staff starting a session without a second factor: from this session they have the firm's grace
 * days to set one up (none by default), after which the API opens only that setup (ADR 037).
 */
async function startTwoFactorGrace(tx: Executor, user: UserRow, now: Date): Promise<UserRow> {
  if (!secondFactorRequired(user) || user.twoFactorDueAt) return user;
  if (await hasSecondFactor(tx, user.id)) return user;
  const graceDays = await readStaffTwoFactorGraceDays(tx);
  const due = await markTwoFactorDue(tx, user.id, new Date(now.getTime() + graceDays * DAY_MS));
  return due ?? (await findUserById(tx, user.id)) ?? user;
}

function lockedMessage(until: Date | number, now: number): string {
  const minutes = Math.max(1, Math.ceil((+until - now) / 60_000));
  return AUTH_MESSAGES.accountLocked(minutes);
}

/**
 * Sign-in. Unknown email and wrong password answer the same 401, after the same work (one
 * statement that claims the attempt, one password check); only the right password learns that an
 * account is pending or deactivated. The attempt is claimed before the password is checked, so a
 * burst of guesses cannot slip past the lock.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; rememberMe?: boolean | undefined },
  meta: RequestMeta,
): Promise<{ token: string; user: PublicUser }> {
  const now = Date.now();
  const claim = await claimSignInAttempt(deps.db, input.email, {
    now: new Date(now),
    maxFailures: MAX_FAILURES,
    lockUntil: new Date(now + LOCK_MS),
  });
  if (claim && !claim.claimed) {
    throw AppError.tooManyRequests(
      lockedMessage(claim.user.lockedUntil ?? now + LOCK_MS, now),
      'ACCOUNT_LOCKED',
    );
  }
  if (!claim) {
    const unknown = await deps.throttle.claim(input.email.toLowerCase(), now);
    if (!unknown.allowed)
      throw AppError.tooManyRequests(lockedMessage(unknown.lockedUntil, now), 'ACCOUNT_LOCKED');
  }

  const user = claim?.user;
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    if (claim?.locksNow) {
      await writeAudit(deps.db, {
        actorId: null,
        action: 'user.locked_out',
        targetUserId: claim.user.id,
        ip: meta.ip,
        details: { email: claim.user.email, failures: MAX_FAILURES, minutes: LOCK_MINUTES },
      });
    }
    throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
  }

  if (isAdvocateAccount(user) && user.verificationStatus === 'pending') {
    throw AppError.forbidden(AUTH_MESSAGES.accountPendingVerification, 'ACCOUNT_PENDING');
  }
  if (!user.isActive)
    throw AppError.forbidden(AUTH_MESSAGES.accountDeactivated, 'ACCOUNT_DEACTIVATED');

  const methods = await secondFactorMethods(deps.db, user.id);
  if (methods.length > 0) {
    // A challenge, not a session (ADR 037). The right password gives its attempt back but does
    // not clear the count: each code tried claims one, so wrong codes run into the lock too.
    await refundSignInAttempt(deps.db, user.id, {
      maxFailures: MAX_FAILURES,
      lockedByThisClaim: claim?.claimed === true && claim.locksNow,
    });
    const challengeToken = generateToken();
    await insertChallenge(deps.db, {
      userId: user.id,
      tokenHash: hashToken(challengeToken),
      rememberMe: input.rememberMe === true,
      expiresAt: new Date(now + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
    });
    const message = methods.includes('totp') ? TWO_FACTOR_TEXTS.required : PASSKEY_TEXTS.required;
    throw new AppError(401, message, 'TWO_FACTOR_REQUIRED', undefined, {
      challengeToken,
      methods,
    });
  }

  return finishSignIn(deps, user.id, { rememberMe: input.rememberMe === true, now }, meta);
}

/** The right password (and second factor): the failures start again, and a session. */
async function finishSignIn(
  deps: AuthDeps,
  userId: string,
  options: { rememberMe: boolean; now: number },
  meta: RequestMeta,
): Promise<{ token: string; user: PublicUser }> {
  const signedIn = await recordSuccessfulSignIn(deps.db, userId, new Date(options.now));
  if (!signedIn)
    throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
  const started = await startSession(
    deps,
    signedIn,
    { rememberMe: options.rememberMe, now: new Date(options.now) },
    meta,
  );
  return { token: started.token, user: toPublicUser(started.user) };
}

const challengeEnded = () =>
  AppError.unauthorized(TWO_FACTOR_TEXTS.challengeExpired, 'TWO_FACTOR_CHALLENGE_EXPIRED');

/**
 * POST /api/auth/login/2fa: the challenge a right password opened, and a code from the app or a
 * recovery code. Tries on one challenge take turns (its row is locked); the fifth wrong code ends
 * it, and an account locked meanwhile (other sign-ins' failures) is refused.
 */
export async function signInSecondStep(
  deps: AuthDeps,
  input: Omit<LoginSecondStepInput, 'code' | 'recoveryCode'> & {
    code?: string | undefined;
    recoveryCode?: string | undefined;
  },
  meta: RequestMeta,
): Promise<{ token: string; user: PublicUser }> {
  const now = Date.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await lockLiveChallenge(tx, hashToken(input.challengeToken), new Date(now));
    if (!challenge) return { kind: 'ended' as const };
    const user = await findUserById(tx, challenge.userId);
    if (!user?.isActive) {
      await endChallenge(tx, challenge.id, new Date(now));
      return { kind: 'ended' as const };
    }
    // Each code is a sign-in attempt of the account, counted as a password is (the lock applies).
    const claim = await claimSignInAttempt(tx, user.email, {
      now: new Date(now),
      maxFailures: MAX_FAILURES,
      lockUntil: new Date(now + LOCK_MS),
    });
    if (!claim?.claimed) {
      return { kind: 'locked' as const, until: claim?.user.lockedUntil ?? new Date(now + LOCK_MS) };
    }
    const given = input.passkey
      ? {
          passkey: {
            response: input.passkey,
            expectedChallenge: challenge.webauthnChallenge,
            signInChallengeId: challenge.id,
            rp: relyingPartyOf(deps.publicUrl),
          },
        }
      : { code: input.code, recoveryCode: input.recoveryCode };
    const result = await spendSecondFactor(tx, deps.twoFactorBox, user.id, given, new Date(now));
    if (result !== 'ok') {
      if (claim.locksNow) {
        await writeAudit(tx, {
          actorId: null,
          action: 'user.locked_out',
          targetUserId: user.id,
          ip: meta.ip,
          details: { email: user.email, failures: MAX_FAILURES, minutes: LOCK_MINUTES },
        });
      }
      const failures = await countChallengeFailure(tx, challenge.id);
      if (failures >= TWO_FACTOR_MAX_FAILURES) {
        await endChallenge(tx, challenge.id, new Date(now));
        return { kind: 'ended' as const };
      }
      return { kind: result };
    }
    await endChallenge(tx, challenge.id, new Date(now));
    if (input.recoveryCode !== undefined) {
      await writeAudit(tx, {
        actorId: user.id,
        action: 'two_factor.recovery_code_used',
        targetUserId: user.id,
        ip: meta.ip,
      });
    }
    return { kind: 'ok' as const, userId: user.id, rememberMe: challenge.rememberMe };
  });
  if (outcome.kind === 'ended') throw challengeEnded();
  if (outcome.kind === 'locked') {
    throw AppError.tooManyRequests(lockedMessage(outcome.until, now), 'ACCOUNT_LOCKED');
  }
  if (outcome.kind !== 'ok') throw refusal(outcome.kind);
  return finishSignIn(deps, outcome.userId, { rememberMe: outcome.rememberMe, now }, meta);
}

export async function logout(deps: Pick<AuthDeps, 'db'>, session: SessionRow): Promise<void> {
  await revokeSession(deps.db, session.id);
}
