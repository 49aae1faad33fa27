import { AUTH_MESSAGES, type PublicUser } from '@firm/shared';
import { lockForTransaction } from '../../db/advisory-locks';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { secretsMatch } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { toPublicUser } from '../users/user-serializer';
import {
  advocateExists,
  findUserByEmail,
  insertUser,
  isUniqueViolation,
} from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth-deps';
import { startSession } from './sign-in.service';

/** In constant time: the registration key is a server secret (docs/product-rules.md#accounts). */
export function isSuperKey(deps: Pick<AuthDeps, 'superKey'>, given: string): boolean {
  return secretsMatch(given, deps.superKey);
}

/**
 * The 401 for a wrong key. Once an advocate exists, the key comes from them ("Contact system
 * administrator"). Before that, the one registering is the owner, with nobody to ask: the text
 * says where this server keeps the key, in the README's words (DATA_DIR/advocate-super-key or
 * ADVOCATE_SUPER_KEY), never the key or the data directory's real path.
 */
export async function wrongSuperKey(
  deps: Pick<AuthDeps, 'db' | 'superKeySource'>,
): Promise<AppError> {
  const message = (await advocateExists(deps.db))
    ? AUTH_MESSAGES.superKeyInvalid
    : AUTH_MESSAGES.superKeyInvalidFirstStart[deps.superKeySource];
  return AppError.unauthorized(message, 'INVALID_SUPER_KEY');
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
  if (!isSuperKey(deps, input.superKey)) throw await wrongSuperKey(deps);
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
      if (!isFirst) await deps.events.publish(tx, 'advocateAwaitingVerification', { user });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }

  if (created.verificationStatus === 'pending') {
    return { status: 'pending', user: toPublicUser(created) };
  }
  const started = await startSession(
    deps,
    created,
    { rememberMe: false, now: created.lastLogin ?? new Date() },
    meta,
  );
  return { status: 'active', token: started.token, user: toPublicUser(started.user) };
}
