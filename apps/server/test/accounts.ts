import { NO_ADMIN_PERMISSIONS, type AdminPermissions, type Role } from '@firm/shared';
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
    passwordHash: await hashPassword(password),
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
