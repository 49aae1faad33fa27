import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { TEST_PASSWORD, seedUser, sessionFor } from '../../../test/accounts';
import { advocate, advocateToken, call, ctx, useAccountsTestContext } from './accounts-test-kit';
import {
  me,
  login,
  emailedResetToken,
  resetWith,
  auditRows,
  row,
} from './account-actions-test-kit';

/** Changing accounts: the last active advocate, verifying, resetting a password, deleting. */

useAccountsTestContext();

describe('changing accounts', () => {
  describe('the last active advocate', () => {
    it('cannot be deactivated or deleted: 409, and it stays active', async () => {
      // The caller does not count as a serving advocate (not verified: forged in the database,
      // as the API alone cannot make it so), so their target is the last one.
      const other = await seedUser(ctx, { role: 'advocate', email: 'other@mwamba.test' });
      const otherToken = await sessionFor(ctx, other);
      await ctx.database.db
        .update(users)
        .set({ verificationStatus: 'pending' })
        .where(eq(users.id, other.id));
      await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.id, other.id));

      for (const [method, path] of [
        ['PUT', `/user/${advocate.id}/deactivate`],
        ['DELETE', `/user/${advocate.id}`],
      ] as const) {
        const response = await call(method, path, undefined, otherToken);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message:
            'This is the last active advocate account. Verify or activate another advocate first.',
          code: 'LAST_ACTIVE_ADVOCATE',
        });
      }
      expect((await row(advocate.id))!.isActive).toBe(true);
    });
  });

  describe('PUT /user/:id/verify', () => {
    it('verifies a pending advocate, who can then sign in', async () => {
      const pending = await seedUser(ctx, {
        role: 'advocate',
        email: 'pending@mwamba.test',
        isActive: false,
        verificationStatus: 'pending',
      });
      expect((await login('pending@mwamba.test', TEST_PASSWORD)).json().code).toBe(
        'ACCOUNT_PENDING',
      );
      const response = await call('PUT', `/user/${pending.id}/verify`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Advocate verified successfully',
        user: { isActive: true, verificationStatus: 'verified' },
      });
      expect((await login('pending@mwamba.test', TEST_PASSWORD)).statusCode).toBe(200);
      const [audit] = await auditRows('user.verified');
      expect(audit).toMatchObject({ actorId: advocate.id, targetUserId: pending.id });
    });

    it('answers 409 for an account that is not awaiting verification', async () => {
      const client = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const verified = await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      for (const id of [client.id, verified.id]) {
        const response = await call('PUT', `/user/${id}/verify`);
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('NOT_PENDING');
      }
    });
  });

  describe('PUT /user/:id/reset-password', () => {
    it('issues a fresh temporary password, ends sessions and reset links, forces a change', async () => {
      const admin = await seedUser(ctx, {
        role: 'admin',
        email: 'njeri@mwamba.test',
        failedLoginCount: 3,
      });
      const session = await sessionFor(ctx, admin);
      await ctx.database.db.insert(passwordResetTokens).values({
        userId: admin.id,
        tokenHash: 'f'.repeat(64),
        expiresAt: new Date(Date.now() + 3_600_000),
      });

      const response = await call('PUT', `/user/${admin.id}/reset-password`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Password reset successfully',
        user: { id: admin.id, mustChangePassword: true },
      });
      expect(body.temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/);

      expect((await me(session)).statusCode).toBe(401);
      const [token] = await ctx.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, admin.id));
      expect(token!.usedAt).not.toBeNull();
      expect((await row(admin.id))!.failedLoginCount).toBe(0);

      expect((await login('njeri@mwamba.test', TEST_PASSWORD)).statusCode).toBe(401);
      const signedIn = await login('njeri@mwamba.test', body.temporaryPassword);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.mustChangePassword).toBe(true);

      const [audit] = await auditRows('user.password_reset');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: admin.id,
        ip: '10.7.0.5',
        details: { email: 'njeri@mwamba.test', via: 'advocate', sessionsRevoked: 1 },
      });
      expect(JSON.stringify(audit!.details)).not.toContain(body.temporaryPassword);
    });

    it('spends a reset link the person was emailed before', async () => {
      const client = await seedUser(ctx, { role: 'client', email: 'amani@example.test' });
      const emailed = await emailedResetToken('amani@example.test');
      expect((await call('PUT', `/user/${client.id}/reset-password`)).statusCode).toBe(200);
      const stale = await resetWith(emailed);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe('INVALID_RESET_TOKEN');
    });

    it('is not for the advocate’s own account', async () => {
      const response = await call('PUT', `/user/${advocate.id}/reset-password`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CANNOT_RESET_OWN_PASSWORD');
      expect((await me(advocateToken)).statusCode).toBe(200);
    });
  });

  describe('DELETE /user/:id', () => {
    it('deletes for good: sessions end, sign-in fails, the audit log keeps who it was', async () => {
      const client = await seedUser(ctx, {
        role: 'client',
        email: 'client@example.test',
        firstName: 'Kariuki',
        lastName: 'Njoroge',
      });
      const session = await sessionFor(ctx, client);
      const response = await call('DELETE', `/user/${client.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'User deleted successfully' });
      expect(await row(client.id)).toBeUndefined();
      expect((await me(session)).statusCode).toBe(401);
      expect(
        await ctx.database.db.select().from(sessions).where(eq(sessions.userId, client.id)),
      ).toHaveLength(0);
      expect((await login('client@example.test', TEST_PASSWORD)).statusCode).toBe(401);

      const [audit] = await auditRows('user.deleted');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: null,
        ip: '10.7.0.5',
        details: {
          userId: client.id,
          email: 'client@example.test',
          role: 'client',
          firstName: 'Kariuki',
          lastName: 'Njoroge',
          sessionsRevoked: 1,
        },
      });
      expect((await call('DELETE', `/user/${client.id}`)).statusCode).toBe(404);
    });

    it('an upper-case own id is still the advocate’s own account (reset, deactivate, delete)', async () => {
      await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      const shouting = advocate.id.toUpperCase();
      const cases = [
        ['PUT', `/user/${shouting}/reset-password`, 'CANNOT_RESET_OWN_PASSWORD'],
        ['PUT', `/user/${shouting}/deactivate`, 'CANNOT_DEACTIVATE_SELF'],
        ['DELETE', `/user/${shouting}`, 'CANNOT_DELETE_SELF'],
      ] as const;
      for (const [method, url, code] of cases) {
        const response = await call(method, url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe(code);
      }
      expect((await me(advocateToken)).statusCode).toBe(200);
      expect(await row(advocate.id)).toMatchObject({ isActive: true });
    });

    it('an advocate cannot delete themself', async () => {
      await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      const response = await call('DELETE', `/user/${advocate.id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CANNOT_DELETE_SELF');
      expect(await row(advocate.id)).toBeDefined();
    });

    it('deletes a pending advocate (a registration turned down)', async () => {
      const pending = await seedUser(ctx, {
        role: 'advocate',
        email: 'pending@mwamba.test',
        isActive: false,
        verificationStatus: 'pending',
      });
      expect((await call('DELETE', `/user/${pending.id}`)).statusCode).toBe(200);
    });
  });
});
