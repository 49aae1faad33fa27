import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import {
  TEST_PASSWORD,
  TEST_SUPER_KEY,
  bearer,
  enrolTotp,
  seedUser,
  signIn,
} from '../../../test/accounts';

const NEW_PASSWORD = 'N3w-Passw0rd-2026';

describe('the password lifecycle', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? bearer(token) : {},
      remoteAddress: '10.3.0.1',
    });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  /** The token of the last reset link emailed. */
  async function emailedResetToken(): Promise<string> {
    // The email leaves after the answer: wait for that work.
    await settleMail(ctx);
    expect(ctx.mail.length).toBeGreaterThan(0);
    const link = /http:\/\/portal\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(
      ctx.mail.at(-1)!.text,
    );
    expect(link).not.toBeNull();
    return link![1]!;
  }

  describe('POST /api/auth/forgot-password', () => {
    it('emails a one-hour link to PUBLIC_URL/reset-password, storing only its hash', async () => {
      const user = await seedUser(ctx, {
        role: 'client',
        email: 'client@example.test',
        firstName: 'Amani',
      });
      const response = await post('/api/auth/forgot-password', { email: 'CLIENT@example.test' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message:
          'If an account exists for that email, we have sent a link to reset the password. The link is valid for one hour.',
      });
      const token = await emailedResetToken();
      expect(ctx.mail[0]).toMatchObject({ to: 'client@example.test' });
      expect(ctx.mail[0]!.text).toContain('Hello Amani');

      const [row] = await ctx.database.db.select().from(passwordResetTokens);
      expect(row!.userId).toBe(user.id);
      expect(row!.tokenHash).toBe(hashToken(token));
      const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
      expect(minutes).toBeCloseTo(60, 0);
    });

    it('answers an unknown email exactly as a known one, and sends nothing', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const known = await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.test' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      await emailedResetToken();
      await settleMail(ctx);
      expect(ctx.mail).toHaveLength(1);
      expect(await ctx.database.db.select().from(passwordResetTokens)).toHaveLength(1);
    });

    it('sends nothing to a deactivated or pending account, answering the same', async () => {
      await seedUser(ctx, { role: 'client', email: 'active@example.test' });
      await seedUser(ctx, { role: 'client', email: 'gone@example.test', isActive: false });
      await seedUser(ctx, {
        role: 'advocate',
        email: 'pending@example.test',
        isActive: false,
        verificationStatus: 'pending',
      });
      const known = await post('/api/auth/forgot-password', { email: 'active@example.test' });
      const gone = await post('/api/auth/forgot-password', { email: 'gone@example.test' });
      const pending = await post('/api/auth/forgot-password', { email: 'pending@example.test' });
      expect(gone.body).toBe(known.body);
      expect(pending.body).toBe(known.body);
      await emailedResetToken();
      await settleMail(ctx);
      expect(ctx.mail.map((mail) => mail.to)).toEqual(['active@example.test']);
      expect(await ctx.database.db.select().from(passwordResetTokens)).toHaveLength(1);
    });

    it('sends at most 3 links an hour to one account, answering the same', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      for (let i = 0; i < 4; i += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'client@example.test' },
          remoteAddress: `10.3.1.${i}`,
        });
        expect(response.statusCode).toBe(200);
      }
      await settleMail(ctx);
      expect(ctx.mail).toHaveLength(3);
      expect(await ctx.database.db.select().from(passwordResetTokens)).toHaveLength(3);
    });

    it('validates the email and limits each address to 5 requests in 15 minutes', async () => {
      const invalid = await post('/api/auth/forgot-password', { email: 'nope' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('Invalid email address');
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await post('/api/auth/forgot-password', { email: `x${i}@example.test` })).statusCode,
        ).toBe(200);
      }
      expect(
        (await post('/api/auth/forgot-password', { email: 'y@example.test' })).statusCode,
      ).toBe(429);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password, spends the link, ends every session and writes the audit log', async () => {
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const oldSession = await signIn(ctx, 'client@example.test');
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const token = await emailedResetToken();

      const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Your password has been reset. You can now sign in with your new password.',
      });
      expect((await me(oldSession)).statusCode).toBe(401);
      await expect(signIn(ctx, 'client@example.test')).rejects.toThrow(/401/);
      await signIn(ctx, 'client@example.test', NEW_PASSWORD);

      const again = await post('/api/auth/reset-password', { token, password: 'An0ther-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.password_reset'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ targetUserId: user.id, ip: '10.3.0.1' });
      expect(JSON.stringify(audit[0]!.details)).not.toContain(NEW_PASSWORD);
    });

    it('spends every other emailed link once one is used', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const first = await emailedResetToken();
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      await settleMail(ctx);
      expect(ctx.mail).toHaveLength(2);
      const second = await emailedResetToken();
      expect(second).not.toBe(first);
      expect(
        (await post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const stale = await post('/api/auth/reset-password', {
        token: first,
        password: 'An0ther-password',
      });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe('INVALID_RESET_TOKEN');
    });

    it('refuses a link sent before the account was deactivated, as an invalid one', async () => {
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const token = await emailedResetToken();
      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'This password reset link is invalid or has expired. Please request a new one.',
        code: 'INVALID_RESET_TOKEN',
      });
      // Nothing changed: the old password is still the one, the link unspent but useless.
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toBe(user.passwordHash);
    });

    it('refuses an unknown or expired token with 400', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const unknown = await post('/api/auth/reset-password', {
        token: 'made-up',
        password: NEW_PASSWORD,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('INVALID_RESET_TOKEN');

      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const token = await emailedResetToken();
      await ctx.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
      await signIn(ctx, 'client@example.test');
    });

    it('applies the registration password rules', async () => {
      const response = await post('/api/auth/reset-password', {
        token: 'abc',
        password: 'lowercase1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        password:
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      });
      const missing = await post('/api/auth/reset-password', {});
      expect(missing.json().errors).toEqual({
        token: 'The reset link is missing its token',
        password: 'Password is required',
      });
    });

    it('lifts a lock-out and a required password change', async () => {
      const user = await seedUser(ctx, {
        role: 'client',
        email: 'client@example.test',
        mustChangePassword: true,
        lockedUntil: new Date(Date.now() + 600_000),
      });
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const token = await emailedResetToken();
      expect(
        (await post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ mustChangePassword: false, lockedUntil: null });
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('limits each account, not each address, to 10 attempts in 15 minutes', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      await seedUser(ctx, { role: 'client', email: 'colleague@example.test' });
      const token = await signIn(ctx, 'client@example.test');
      const wrong = { currentPassword: 'Wr0ng-password', newPassword: NEW_PASSWORD };
      for (let i = 0; i < 10; i += 1) {
        expect((await post('/api/auth/change-password', wrong, token)).statusCode).toBe(400);
      }
      expect((await post('/api/auth/change-password', wrong, token)).statusCode).toBe(429);
      // A colleague behind the same office address is not held up.
      const colleague = await signIn(ctx, 'colleague@example.test');
      const theirs = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        colleague,
      );
      expect(theirs.statusCode).toBe(200);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const here = await signIn(ctx, 'client@example.test');
      const elsewhere = await signIn(ctx, 'client@example.test');
      const response = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        here,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Password changed successfully',
        user: { id: user.id, mustChangePassword: false },
      });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      await signIn(ctx, 'client@example.test', NEW_PASSWORD);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.password_changed'));
      expect(audit).toMatchObject({ actorId: user.id, targetUserId: user.id });
    });

    it('spends the reset links emailed before the change', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      await post('/api/auth/forgot-password', { email: 'client@example.test' });
      const emailed = await emailedResetToken();
      const session = await signIn(ctx, 'client@example.test');
      const changed = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        session,
      );
      expect(changed.statusCode).toBe(200);
      const stale = await post('/api/auth/reset-password', {
        token: emailed,
        password: 'An0ther-password',
      });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe('INVALID_RESET_TOKEN');
      await signIn(ctx, 'client@example.test', NEW_PASSWORD);
    });

    it('answers 400 (not 401: the session is fine) for a wrong current password', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const token = await signIn(ctx, 'client@example.test');
      const response = await post(
        '/api/auth/change-password',
        { currentPassword: 'Not-the-passw0rd', newPassword: NEW_PASSWORD },
        token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      });
      expect((await me(token)).statusCode).toBe(200);
    });

    it('applies the password rules and refuses the same password again', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const token = await signIn(ctx, 'client@example.test');
      const weak = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'short' },
        token,
      );
      expect(weak.json().errors).toEqual({ newPassword: 'Password must be at least 8 characters' });
      const same = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
        token,
      );
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual({
        newPassword: 'The new password must be different from the current one',
      });
    });

    it('needs a signed-in user', async () => {
      const response = await post('/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('a user who must change their password', () => {
    it('gets 403 PASSWORD_CHANGE_REQUIRED from signed-in routes but me, change-password and logout, until done; staff then set up a second factor', async () => {
      await seedUser(ctx, {
        role: 'advocate',
        email: 'advocate@example.test',
        mustChangePassword: true,
      });
      const token = await signIn(ctx, 'advocate@example.test');
      const users = () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/user-management/users',
          headers: bearer(token),
        });

      const held = await users();
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({
        message: 'Please change your password to continue',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
      const meResponse = await me(token);
      expect(meResponse.statusCode).toBe(200);
      expect(meResponse.json().mustChangePassword).toBe(true);

      const changed = await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        token,
      );
      expect(changed.statusCode).toBe(200);
      expect((await me(token)).json().mustChangePassword).toBe(false);
      // An advocate's next gate: a second factor, before anything else opens.
      expect((await users()).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      await enrolTotp(ctx, token);
      expect((await users()).statusCode).toBe(200);
    });

    it('may still sign out', async () => {
      await seedUser(ctx, {
        role: 'client',
        email: 'client@example.test',
        mustChangePassword: true,
      });
      const token = await signIn(ctx, 'client@example.test');
      expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
    });
  });
});
