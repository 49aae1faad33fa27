import { lockForTransaction } from '../../db/advisory-locks';
import { publishDomainEvent } from '../../lib/domain-events';
import {
  REMEMBER_ME_DAYS,
  SESSION_HOURS,
  type ChangePasswordInput,
  type PublicUser,
  AUTH_MESSAGES,
  MESSAGES,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_TEXTS,
  isAdvocateAccount,
  type LoginSecondStepInput,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { queueDelivery } from '../deliveries/deliveries.repository';
import type { Outbox } from '../deliveries/outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken, secretsMatch } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { toPublicUser } from '../users/user-serializer';
import {
  advocateExists,
  findUserByEmail,
  findUserById,
  claimSignInAttempt,
  insertUser,
  isUniqueViolation,
  lockUserRow,
  recordSuccessfulSignIn,
  refundSignInAttempt,
} from '../users/users.repository';
import { LOCK_MINUTES, LOCK_MS, MAX_FAILURES, type UnknownAccountThrottle } from './login-throttle';
import {
  consumeResetToken,
  countRecentResetTokens,
  insertResetToken,
  type LinkKind,
} from './password-reset.repository';
import { replacePassword } from './replace-password';
import { insertSession, revokeSession } from './sessions.repository';
import type { SecretBox } from '../../lib/secret-box';
import { hasSecondFactor, refusal, spendSecondFactor } from './two-factor.service';
import {
  countChallengeFailure,
  endChallenge,
  insertChallenge,
  lockLiveChallenge,
} from './two-factor.repository';

export interface AuthDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
  superKey: string;
  throttle: UnknownAccountThrottle;
  logger: FastifyBaseLogger;
  /** Opens authenticator keys for the second step of signing in (ADR 037). */
  twoFactorBox: SecretBox;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** A reset link is good for one hour; at most this many are sent to one account an hour. */
const RESET_TOKEN_MINUTES = 60;
const RESET_EMAILS_PER_HOUR = 3;
export function isSuperKey(deps: Pick<AuthDeps, 'superKey'>, given: string): boolean {
  return secretsMatch(given, deps.superKey);
}

async function startSession(
  deps: AuthDeps,
  user: UserRow,
  options: { rememberMe: boolean },
  meta: RequestMeta,
): Promise<string> {
  const token = generateToken();
  const lifetimeMs = options.rememberMe
    ? REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000
    : SESSION_HOURS * 60 * 60 * 1000;
  await insertSession(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  licenseNumber: string;
  specialization: string[];
  experience: number;
  education: string;
  barAdmission: string;
  superKey: string;
}

export type RegisterResult =
  { status: 'active'; token: string; user: PublicUser } | { status: 'pending'; user: PublicUser };

/**
 * Advocate self-registration with the super key. The first advocate ever owns the system and is
 * signed in at once; every later one waits, inactive, until an advocate verifies them.
 */
export async function registerAdvocate(
  deps: AuthDeps,
  input: RegisterRequest,
  meta: RequestMeta,
): Promise<RegisterResult> {
  if (!isSuperKey(deps, input.superKey))
    throw AppError.unauthorized(AUTH_MESSAGES.superKeyInvalid, 'INVALID_SUPER_KEY');
  if (await findUserByEmail(deps.db, input.email))
    throw AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');

  const passwordHash = await hashPassword(input.password);
  let created: UserRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      await lockForTransaction(tx, 'registration');
      const isFirst = !(await advocateExists(tx));
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: 'advocate',
        isActive: isFirst,
        verificationStatus: isFirst ? 'verified' : 'pending',
        licenseNumber: input.licenseNumber,
        specializations: input.specialization,
        experience: input.experience,
        education: input.education,
        barAdmission: input.barAdmission,
        lastLogin: isFirst ? new Date() : null,
      });
      await writeAudit(tx, {
        actorId: isFirst ? user.id : null,
        action: 'user.registered',
        targetUserId: user.id,
        ip: meta.ip,
        details: {
          email: user.email,
          role: 'advocate',
          verificationStatus: user.verificationStatus,
          firstAdvocate: isFirst,
        },
      });
      if (!isFirst) await publishDomainEvent(tx, 'advocateAwaitingVerification', { user });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }

  if (created.verificationStatus === 'pending') {
    return { status: 'pending', user: toPublicUser(created) };
  }
  const token = await startSession(deps, created, { rememberMe: false }, meta);
  return { status: 'active', token, user: toPublicUser(created) };
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

  if (await hasSecondFactor(deps.db, user.id)) {
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
    throw new AppError(401, TWO_FACTOR_TEXTS.required, 'TWO_FACTOR_REQUIRED', undefined, {
      challengeToken,
      methods: ['totp', 'recovery'],
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
  const token = await startSession(deps, signedIn, { rememberMe: options.rememberMe }, meta);
  return { token, user: toPublicUser(signedIn) };
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
    const result = await spendSecondFactor(tx, deps.twoFactorBox, user.id, input, new Date(now));
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

/** Sets a new password from a reset link: single use, and every session of the user ends. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const invalid = () =>
    AppError.badRequest(AUTH_MESSAGES.resetTokenInvalid, undefined, 'INVALID_RESET_TOKEN');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const replaced = await passwordFromLink(
      tx,
      'reset',
      input.token,
      passwordHash,
      new Date(),
      invalid,
    );
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
  });
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
  const token = await startSession(deps, user, { rememberMe: false }, meta);
  return { token, user: toPublicUser(user) };
}

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
