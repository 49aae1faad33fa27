import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_PERMISSION_KEYS, NO_ADMIN_PERMISSIONS, type AdminPermissions } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
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

/** Changing accounts: every per-user path, admin permissions, deactivating and activating. */

const ALL_ON = Object.fromEntries(
  ADMIN_PERMISSION_KEYS.map((key) => [key, true]),
) as AdminPermissions;
useAccountsTestContext();
const liveSessions = (userId: string) =>
  ctx.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

describe('changing accounts', () => {
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
});
