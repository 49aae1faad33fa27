import {
  NO_ADMIN_PERMISSIONS,
  TOTP_PERIOD_SECONDS,
  type AdminPermissions,
  type Role,
} from '@firm/shared';
import { Secret, TOTP } from 'otpauth';
import type { NewUserRow, UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { generateToken, hashToken } from '../src/lib/tokens';
import { insertSession } from '../src/modules/auth/sessions.repository';
import { insertUser } from '../src/modules/users/users.repository';
import type { TestContext } from './helpers';

/** The super key every API test configures (ADVOCATE_SUPER_KEY). */
export const TEST_SUPER_KEY = 'test-super-key-0123456789';
export const TEST_PASSWORD = 'Str0ngPassw0rd';

/** A valid advocate registration body (docs/product-rules.md#records), with the test super key. */
export function advocatePayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: 'wanjiru@mwamba.test',
    phone: '0712 345 678',
    password: TEST_PASSWORD,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Family Law', 'Property Law'],
    experience: 14,
    education: 'LLB, University of Nairobi; Kenya School of Law',
    barAdmission: 'Admitted to the Roll of Advocates, 2011',
    superKey: TEST_SUPER_KEY,
    ...overrides,
  };
}

/**
 * One hash per password for the people tests seed: argon2id costs 15–20 ms a hash by design
 * (lib/passwords.ts), and the suites seed hundreds of people with the same password. Each is
 * still a real hash of that password, which signing in verifies.
 */
const seededHashes = new Map<string, Promise<string>>();

function seededHash(password: string): Promise<string> {
  let hash = seededHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    seededHashes.set(password, hash);
    hash.catch(() => seededHashes.delete(password));
  }
  return hash;
}

/**
 * Puts an account straight into the database (for roles that cannot register themselves until
 * user management exists, or for states such as mustChangePassword).
 */
export async function seedUser(
  ctx: TestContext,
  options: {
    role: Role;
    email: string;
    password?: string;
    permissions?: Partial<AdminPermissions>;
  } & Partial<Omit<NewUserRow, 'role' | 'email' | 'permissions'>>,
): Promise<UserRow> {
  const { role, password = TEST_PASSWORD, permissions, ...rest } = options;
  return insertUser(ctx.database.db, {
    firstName: 'Test',
    lastName: role,
    phone: null,
    passwordHash: await seededHash(password),
    verificationStatus: role === 'advocate' ? 'verified' : null,
    permissions: role === 'admin' ? { ...NO_ADMIN_PERMISSIONS, ...permissions } : null,
    ...rest,
    role,
    email: options.email,
  });
}

/** Signs in through the API and returns the session token. */
export async function signIn(
  ctx: TestContext,
  email: string,
  password = TEST_PASSWORD,
  remoteAddress = '10.9.0.1',
): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A live session for a seeded user, straight into the database: for tests that need many signed-in
 * people and are not about sign-in itself (no password check, no per-IP sign-in limit).
 */
export async function sessionFor(ctx: TestContext, user: Pick<UserRow, 'id'>): Promise<string> {
  const token = generateToken();
  await insertSession(ctx.database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    ip: '10.9.0.2',
    userAgent: 'api-test',
  });
  return token;
}

/** An authenticator app's code for `secret`, `offsetSteps` periods of 30 seconds from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000,
  });
}

/**
 * Waits out the last seconds of a 30-second step. The previous step's code is accepted only
 * while this step lasts (a window of one step), so a code made just before the boundary and
 * checked just after it, on a loaded machine, would be refused.
 */
async function clearOfStepEnd(marginMs = 3000): Promise<void> {
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Sets up and turns on an authenticator for the holder of `token`, through the API as Profile
 * does: its key and the ten recovery codes. It confirms with the previous step's code, so the
 * code of this step is still unused for a sign-in that follows.
 */
export async function enrolTotp(
  ctx: TestContext,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/totp/setup',
    headers: bearer(token),
  });
  if (setup.statusCode !== 200) throw new Error(`2FA setup failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  await clearOfStepEnd();
  const enabled = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/totp/enable',
    headers: bearer(token),
    payload: { code: totpCode(secret, -1) },
  });
  if (enabled.statusCode !== 200) throw new Error(`2FA enable failed: ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}
