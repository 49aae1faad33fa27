import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_PERMISSION_KEYS, NO_ADMIN_PERMISSIONS, type AdminPermissions } from '@firm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, sessions, users } from '../../db/schema';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import {
  TEST_PASSWORD,
  TEST_SUPER_KEY,
  bearer,
  seedUser,
  sessionFor,
} from '../../../test/accounts';

const ALL_ON = Object.fromEntries(
  ADMIN_PERMISSION_KEYS.map((key) => [key, true]),
) as AdminPermissions;

describe('changing accounts', () => {
  let ctx: TestContext;
  let advocate: Awaited<ReturnType<typeof seedUser>>;
  let advocateToken: string;

  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    advocateToken = await sessionFor(ctx, advocate);
  });
  afterEach(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = advocateToken,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: '10.7.0.5',
    });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.7.0.9',
    });
  /** Asks for a reset link by email, as the person would, and returns its token. */
  const emailedResetToken = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: '10.7.0.8',
    });
    expect(response.statusCode).toBe(200);
    await settleMail(ctx);
    const sent = ctx.mail.filter((mail) => mail.to === email).at(-1);
    return /reset-password#token=([A-Za-z0-9_-]+)/.exec(sent!.text)![1]!;
  };
  const resetWith = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'N3w-Passw0rd-2026' },
      remoteAddress: '10.7.0.8',
    });
  const liveSessions = (userId: string) =>
    ctx.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const auditRows = (action: string) =>
    ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));
  const row = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];

  describe('every per-user path', () => {
    const paths = [
      ['PUT', (id: string) => `/admin/${id}/permissions`, { permissions: ALL_ON }],
      ['PUT', (id: string) => `/user/${id}/deactivate`, undefined],
      ['PUT', (id: string) => `/user/${id}/activate`, undefined],
      ['PUT', (id: string) => `/user/${id}/verify`, undefined],
      ['PUT', (id: string) => `/user/${id}/reset-password`, undefined],
      ['DELETE', (id: string) => `/user/${id}`, undefined],
    ] as const;

    it.each(paths)(
      '%s %s: 404 for an unknown id, 400 for a malformed one',
      async (method, path, body) => {
        const unknown = await call(method, path(randomUUID()), body);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toMatch(/^(User|Admin) not found$/);
        for (const bad of ['not-a-uuid', '123', "1' or '1'='1"]) {
          const malformed = await call(method, path(encodeURIComponent(bad)), body);
          expect(malformed.statusCode, bad).toBe(400);
          expect(malformed.json()).toMatchObject({
            message: 'Invalid user id',
            errors: { id: 'Invalid user id' },
          });
        }
      },
    );
  });

  describe('PUT /admin/:id/permissions', () => {
    it('replaces the toggles, takes effect on the admin’s next request, and is audited', async () => {
      const admin = await seedUser(ctx, {
        role: 'admin',
        email: 'njeri@mwamba.test',
        permissions: { canAdmitClients: true, canOpenFiles: true },
      });
      const adminToken = await sessionFor(ctx, admin);
      const client = { firstName: 'K', lastName: 'N', email: 'k1@example.test' };
      expect((await call('POST', '/create-client', client, adminToken)).statusCode).toBe(201);

      const response = await call('PUT', `/admin/${admin.id}/permissions`, {
        permissions: { ...NO_ADMIN_PERMISSIONS, canManageCases: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Admin permissions updated successfully',
        user: { id: admin.id, permissions: { ...NO_ADMIN_PERMISSIONS, canManageCases: true } },
      });

      // The same session, the very next request: refused.
      const refused = await call(
        'POST',
        '/create-client',
        { ...client, email: 'k2@example.test' },
        adminToken,
      );
      expect(refused.statusCode).toBe(403);
      expect((await me(adminToken)).json().permissions.canManageCases).toBe(true);

      const [audit] = await auditRows('admin.permissions_updated');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: admin.id,
        ip: '10.7.0.5',
        details: {
          email: 'njeri@mwamba.test',
          before: { ...NO_ADMIN_PERMISSIONS, canAdmitClients: true, canOpenFiles: true },
          after: { ...NO_ADMIN_PERMISSIONS, canManageCases: true },
        },
      });

      // And granted back: allowed again at once.
      await call('PUT', `/admin/${admin.id}/permissions`, { permissions: ALL_ON });
      expect(
        (await call('POST', '/create-client', { ...client, email: 'k3@example.test' }, adminToken))
          .statusCode,
      ).toBe(201);
    });

    it('needs all six booleans', async () => {
      const admin = await seedUser(ctx, { role: 'admin', email: 'njeri@mwamba.test' });
      for (const body of [{}, { permissions: { canOpenFiles: true } }, { permissions: 'all' }]) {
        const response = await call('PUT', `/admin/${admin.id}/permissions`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const missing = await call('PUT', `/admin/${admin.id}/permissions`, {});
      expect(missing.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: { permissions: 'Each of the six permissions must be set to true or false' },
      });
      expect((await row(admin.id))!.permissions).toEqual(NO_ADMIN_PERMISSIONS);
    });

    it('answers 404 for an account that is not an admin', async () => {
      const client = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      for (const id of [client.id, advocate.id]) {
        const response = await call('PUT', `/admin/${id}/permissions`, { permissions: ALL_ON });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Admin not found', code: 'ADMIN_NOT_FOUND' });
      }
      expect((await row(client.id))!.permissions).toBeNull();
    });
  });

  describe('PUT /user/:id/deactivate and /activate', () => {
    it('deactivates: every session ends at once, sign-in is refused, audited', async () => {
      const admin = await seedUser(ctx, { role: 'admin', email: 'njeri@mwamba.test' });
      const first = await sessionFor(ctx, admin);
      const second = await sessionFor(ctx, admin);
      expect((await me(first)).statusCode).toBe(200);

      const response = await call('PUT', `/user/${admin.id}/deactivate`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'User deactivated successfully',
        user: { id: admin.id, isActive: false },
      });
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect(await liveSessions(admin.id)).toHaveLength(0);
      expect((await login('njeri@mwamba.test', TEST_PASSWORD)).statusCode).toBe(403);

      const [audit] = await auditRows('user.deactivated');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: admin.id,
        ip: '10.7.0.5',
        details: { email: 'njeri@mwamba.test', role: 'admin', wasActive: true, sessionsRevoked: 2 },
      });
    });

    it('activates again: the account can sign in; old sessions stay ended', async () => {
      const client = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const old = await sessionFor(ctx, client);
      await call('PUT', `/user/${client.id}/deactivate`);
      const response = await call('PUT', `/user/${client.id}/activate`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'User activated successfully',
        user: { isActive: true },
      });
      expect((await me(old)).statusCode).toBe(401);
      expect((await login('client@example.test', TEST_PASSWORD)).statusCode).toBe(200);
      const [audit] = await auditRows('user.activated');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: client.id,
        details: { wasActive: false },
      });
    });

    it('refuses to activate an advocate awaiting verification (verify instead)', async () => {
      const pending = await seedUser(ctx, {
        role: 'advocate',
        email: 'pending@mwamba.test',
        isActive: false,
        verificationStatus: 'pending',
      });
      const response = await call('PUT', `/user/${pending.id}/activate`);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('ADVOCATE_PENDING');
      expect((await row(pending.id))!.isActive).toBe(false);
    });

    it('an advocate cannot deactivate themself', async () => {
      await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      const response = await call('PUT', `/user/${advocate.id}/deactivate`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'You cannot deactivate your own account',
        code: 'CANNOT_DEACTIVATE_SELF',
      });
      expect((await me(advocateToken)).statusCode).toBe(200);
    });

    it('may deactivate another advocate while one active advocate remains', async () => {
      const second = await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      expect((await call('PUT', `/user/${second.id}/deactivate`)).statusCode).toBe(200);
      expect((await row(second.id))!.isActive).toBe(false);
    });

    it('two advocates deactivating each other at once: one wins, one active advocate remains', async () => {
      const second = await seedUser(ctx, { role: 'advocate', email: 'second@mwamba.test' });
      const secondToken = await sessionFor(ctx, second);
      const results = await Promise.all([
        call('PUT', `/user/${second.id}/deactivate`),
        call('PUT', `/user/${advocate.id}/deactivate`, undefined, secondToken),
      ]);
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The loser was deactivated before (401: its session ended) or during its own request (409).
      expect(statuses.some((s) => s === 401 || s === 409)).toBe(true);
      const active = await ctx.database.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'advocate'), eq(users.isActive, true)));
      expect(active).toHaveLength(1);
    });

    it('spends reset links emailed before a deactivation, even after reactivation', async () => {
      const client = await seedUser(ctx, { role: 'client', email: 'amani@example.test' });
      const emailed = await emailedResetToken('amani@example.test');
      expect((await call('PUT', `/user/${client.id}/deactivate`)).statusCode).toBe(200);
      expect((await resetWith(emailed)).statusCode).toBe(400);
      expect((await call('PUT', `/user/${client.id}/activate`)).statusCode).toBe(200);
      const stale = await resetWith(emailed);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe('INVALID_RESET_TOKEN');
      expect((await login('amani@example.test', TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

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
