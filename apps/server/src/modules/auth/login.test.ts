import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_PASSWORD, TEST_SUPER_KEY, bearer, seedUser, signIn } from '../../../test/accounts';

describe('sign-in and sessions', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
  });
  afterEach(() => ctx.close());

  const login = (payload: Record<string, unknown>, remoteAddress = '10.2.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  describe('POST /api/auth/login', () => {
    it('answers a token and the user, case-insensitively by email, and sets lastLogin', async () => {
      const seeded = await seedUser(ctx, {
        role: 'admin',
        email: 'njeri@mwamba.test',
        firstName: 'Njeri',
        phone: '+254722000111',
        permissions: { canManageCases: true },
      });
      const response = await login({ email: '  NJERI@Mwamba.test ', password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toEqual({
        id: seeded.id,
        firstName: 'Njeri',
        lastName: 'admin',
        email: 'njeri@mwamba.test',
        phone: '+254722000111',
        role: 'admin',
        isActive: true,
        createdAt: seeded.createdAt.toISOString(),
        lastLogin: expect.any(String),
        mustChangePassword: false,
        // Staff with no second factor: due at this sign-in (the firm gives no grace by default).
        twoFactorDueAt: expect.any(String),
        permissions: {
          canOpenFiles: false,
          canUploadFiles: false,
          canAdmitClients: false,
          canManageCases: true,
          canScheduleAppointments: false,
          canAccessReports: false,
        },
      });
      expect(Date.now() - Date.parse(body.user.lastLogin)).toBeLessThan(60_000);
      expect(body.user.twoFactorDueAt).toBe(body.user.lastLogin);

      const [session] = await ctx.database.db.select().from(sessions);
      expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(session!.tokenHash).not.toContain(body.token);
      expect(session).toMatchObject({ userId: seeded.id, ip: '10.2.0.1', revokedAt: null });
    });

    it('gives a client no admin or advocate fields', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const { user } = (
        await login({ email: 'client@example.test', password: TEST_PASSWORD })
      ).json();
      expect(Object.keys(user).sort()).toEqual(
        [
          'createdAt',
          'email',
          'firstName',
          'id',
          'isActive',
          'lastLogin',
          'lastName',
          'mustChangePassword',
          'phone',
          'role',
        ].sort(),
      );
    });

    it('answers one 401 message for an unknown email and for a wrong password', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const unknown = await login({ email: 'nobody@example.test', password: TEST_PASSWORD });
      const wrong = await login({ email: 'client@example.test', password: 'Wrong-passw0rd' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json().message).toBe('Invalid email or password');
    });

    it('refuses a deactivated account with 403, but only to the right password', async () => {
      await seedUser(ctx, { role: 'client', email: 'gone@example.test', isActive: false });
      const wrong = await login({ email: 'gone@example.test', password: 'Wrong-passw0rd' });
      expect(wrong.statusCode).toBe(401);
      const right = await login({ email: 'gone@example.test', password: TEST_PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json().message).toBe(
        'This account has been deactivated. Please contact the firm.',
      );
    });

    it("applies the sign-in form's validation rules", async () => {
      const empty = await login({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({
        email: 'Email is required',
        password: 'Password is required',
      });
      const bad = await login({ email: 'nope', password: '12345' });
      expect(bad.json().errors).toEqual({
        email: 'Invalid email address',
        password: 'Password must be at least 6 characters',
      });
    });

    it('locks an account for 15 minutes after 5 wrong passwords in a row (429 with the wait)', async () => {
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await login({ email: 'client@example.test', password: `Wrong-${i}-pw` })).statusCode,
        ).toBe(401);
      }
      // Even the right password, from another address, waits.
      const locked = await login(
        { email: 'client@example.test', password: TEST_PASSWORD },
        '10.2.0.99',
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.locked_out'));
      expect(audit).toMatchObject({ targetUserId: user.id, details: { failures: 5 } });

      // Once the lock has passed, the right password works and the count starts again.
      await ctx.database.db
        .update(users)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(users.id, user.id));
      expect(
        (await login({ email: 'client@example.test', password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
    });

    it('locks an unknown email the same way, so a lock-out reveals nothing', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await login({ email: 'ghost@example.test', password: `Wrong-${i}-pw` })).statusCode,
        ).toBe(401);
      }
      const locked = await login({ email: 'ghost@example.test', password: TEST_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );
    });

    it('checks at most 5 guesses of one account however many arrive at once', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      // 100 addresses, so the per-address limit (20 a minute) stays out of the way.
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login({ email: 'client@example.test', password: `Wrong-${i}-pw` }, `10.4.0.${i}`),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(95);
      for (const response of responses.filter((r) => r.statusCode === 429)) {
        expect(response.json().code).toBe('ACCOUNT_LOCKED');
      }
      const right = await login(
        { email: 'client@example.test', password: TEST_PASSWORD },
        '10.4.1.1',
      );
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );
    });

    it('checks at most 5 guesses of an unknown email at once too, so the lock tells nothing', async () => {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login({ email: 'ghost@example.test', password: `Wrong-${i}-pw` }, `10.4.2.${i}`),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    });

    it('resets the failure count on a successful sign-in', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      for (let i = 0; i < 4; i += 1)
        await login({ email: 'client@example.test', password: 'Wrong-pass1' });
      expect(
        (await login({ email: 'client@example.test', password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 4; i += 1)
        await login({ email: 'client@example.test', password: 'Wrong-pass1' });
      expect(
        (await login({ email: 'client@example.test', password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('limits each address to 20 sign-in attempts a minute', async () => {
      for (let i = 0; i < 20; i += 1) {
        await login({ email: `user${i}@example.test`, password: 'Wrong-pass1' }, '10.2.5.5');
      }
      const limited = await login({ email: 'x@example.test', password: 'Wrong-pass1' }, '10.2.5.5');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
      expect(
        (await login({ email: 'x@example.test', password: 'Wrong-pass1' }, '10.2.5.6')).statusCode,
      ).toBe(401);
    });

    it('gives a 12-hour session, or 30 days with rememberMe', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      await login({ email: 'client@example.test', password: TEST_PASSWORD });
      await login({ email: 'client@example.test', password: TEST_PASSWORD, rememberMe: true });
      const rows = await ctx.database.db.select().from(sessions).orderBy(sessions.createdAt);
      const hours = rows.map(
        (row) => (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000,
      );
      expect(hours[0]).toBeCloseTo(12, 1);
      expect(hours[1]).toBeCloseTo(30 * 24, 1);
    });
  });

  describe('GET /api/auth/me and POST /api/auth/logout', () => {
    it('answers the user object itself', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test', firstName: 'Amani' });
      const token = await signIn(ctx, 'client@example.test');
      const response = await me(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: 'client@example.test',
        firstName: 'Amani',
        role: 'client',
      });
      expect(response.json()).not.toHaveProperty('user');
    });

    it('answers 401 without a token, with a malformed or unknown one', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: 'Bearer not-a-real-token' },
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe('Please sign in to continue');
      }
    });

    it('answers 401 once the session has expired', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const token = await signIn(ctx, 'client@example.test');
      await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await me(token)).statusCode).toBe(401);
    });

    it('revokes this session on logout, and only this one', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const phone = await signIn(ctx, 'client@example.test');
      const laptop = await signIn(ctx, 'client@example.test');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(phone),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Logged out successfully' });
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);
      const logoutAgain = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(phone),
      });
      expect(logoutAgain.statusCode).toBe(401);
    });

    it('reads the user fresh: a deactivation ends the session at the next request', async () => {
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const token = await signIn(ctx, 'client@example.test');
      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await me(token)).statusCode).toBe(401);
    });
  });
});
