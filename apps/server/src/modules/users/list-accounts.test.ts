import { isClientAccount, type Role } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { seedUser, sessionFor } from '../../../test/accounts';
import { useAccountsTestContext, ctx, call } from './accounts-test-kit';

/** Listing accounts: GET /users. */

useAccountsTestContext();

describe('creating accounts and listing them', () => {
  describe('GET /users', () => {
    async function seedFirm() {
      const njeri = await seedUser(ctx, {
        role: 'admin',
        email: 'njeri@mwamba.test',
        firstName: 'Njeri',
        lastName: 'Mwangi',
        permissions: { canAdmitClients: true },
      });
      await seedUser(ctx, {
        role: 'admin',
        email: 'otieno@mwamba.test',
        firstName: 'Otieno',
        lastName: 'Odhiambo',
        isActive: false,
      });
      await seedUser(ctx, {
        role: 'client',
        email: 'kariuki@example.test',
        firstName: 'Kariuki',
        lastName: 'Njoroge',
      });
      await seedUser(ctx, {
        role: 'client',
        email: 'moraa@example.test',
        firstName: 'Moraa',
        lastName: 'Kerubo',
        isActive: false,
      });
      await seedUser(ctx, {
        role: 'advocate',
        email: 'pending@mwamba.test',
        firstName: 'Pending',
        lastName: 'Advocate',
        isActive: false,
        verificationStatus: 'pending',
      });
      return { njeri };
    }
    const emails = (body: { users: { email: string }[] }) =>
      body.users.map((user) => user.email).sort();

    it('gives an advocate everyone, pending advocates included, with counts and stats', async () => {
      await seedFirm();
      const response = await call('GET', '/users');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        count: 6,
        total: 6,
        pagination: { page: 1, limit: 20, pages: 1 },
        stats: {
          total: 6,
          active: 3,
          inactive: 2,
          advocates: 2,
          pendingAdvocates: 1,
          admins: 2,
          activeAdmins: 1,
          inactiveAdmins: 1,
          clients: 2,
          adminCasesAssigned: 0,
        },
      });
      for (const user of body.users) {
        expect(user).toMatchObject({ casesAssigned: 0, clientsManaged: 0 });
        expect(user).not.toHaveProperty('passwordHash');
      }
      expect(
        body.users.find((u: { email: string }) => u.email === 'pending@mwamba.test'),
      ).toMatchObject({ role: 'advocate', isActive: false, verificationStatus: 'pending' });
      // Newest first.
      const created = body.users.map((u: { createdAt: string }) => Date.parse(u.createdAt));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
    });

    it('works with only ?role=admin, as a client written to the wire contract sends it', async () => {
      await seedFirm();
      const body = (await call('GET', '/users?role=admin')).json();
      expect(emails(body)).toEqual(['njeri@mwamba.test', 'otieno@mwamba.test']);
      expect(body.users.every((u: { permissions?: object }) => u.permissions)).toBe(true);
      expect(emails((await call('GET', '/users?role=client')).json())).toEqual([
        'kariuki@example.test',
        'moraa@example.test',
      ]);
      expect((await call('GET', '/users?role=all')).json().total).toBe(6);
      expect((await call('GET', '/users?role=')).json().total).toBe(6);
    });

    it('searches first name, last name, full name and email, case-insensitively', async () => {
      await seedFirm();
      expect(emails((await call('GET', '/users?search=NJERI')).json())).toEqual([
        'njeri@mwamba.test',
      ]);
      expect(emails((await call('GET', '/users?search=odhiambo')).json())).toEqual([
        'otieno@mwamba.test',
      ]);
      expect(emails((await call('GET', '/users?search=njeri%20mwa')).json())).toEqual([
        'njeri@mwamba.test',
      ]);
      expect(emails((await call('GET', '/users?search=example.TEST')).json())).toEqual([
        'kariuki@example.test',
        'moraa@example.test',
      ]);
      // A typed % or _ is a letter, not a wildcard.
      expect((await call('GET', '/users?search=%25')).json().total).toBe(0);
      expect((await call('GET', '/users?search=_')).json().total).toBe(0);
    });

    it('filters by status: active, inactive (not pending) and pending', async () => {
      await seedFirm();
      expect(emails((await call('GET', '/users?role=admin&status=active')).json())).toEqual([
        'njeri@mwamba.test',
      ]);
      expect(emails((await call('GET', '/users?status=inactive')).json())).toEqual([
        'moraa@example.test',
        'otieno@mwamba.test',
      ]);
      expect(emails((await call('GET', '/users?status=pending')).json())).toEqual([
        'pending@mwamba.test',
      ]);
      // Stats count everything in scope, whatever the filters.
      expect((await call('GET', '/users?status=pending')).json().stats.total).toBe(6);
    });

    it('pages', async () => {
      await seedFirm();
      const first = (await call('GET', '/users?limit=4')).json();
      const second = (await call('GET', '/users?limit=4&page=2')).json();
      expect(first).toMatchObject({
        count: 4,
        total: 6,
        pagination: { page: 1, limit: 4, pages: 2 },
      });
      expect(second).toMatchObject({
        count: 2,
        total: 6,
        pagination: { page: 2, limit: 4, pages: 2 },
      });
      expect(new Set([...emails(first), ...emails(second)]).size).toBe(6);
      const beyond = (await call('GET', '/users?limit=4&page=9')).json();
      expect(beyond).toMatchObject({ count: 0, total: 6, users: [] });
    });

    it('answers 400 for filters it does not know', async () => {
      for (const query of ['role=owner', 'status=asleep', 'page=0', 'limit=101', 'page=abc']) {
        const response = await call('GET', `/users?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('shows an admin who may admit clients only clients, whatever they ask for', async () => {
      const { njeri } = await seedFirm();
      const token = await sessionFor(ctx, njeri);
      for (const query of [
        '',
        '?role=admin',
        '?role=advocate',
        '?search=mwamba',
        '?status=pending',
      ]) {
        const body = (await call('GET', `/users${query}`, undefined, token)).json();
        expect(
          body.users.every((u: { role: Role }) => isClientAccount(u)),
          query,
        ).toBe(true);
      }
      const body = (await call('GET', '/users', undefined, token)).json();
      expect(emails(body)).toEqual(['kariuki@example.test', 'moraa@example.test']);
      expect(body.stats).toMatchObject({ total: 2, admins: 0, advocates: 0, clients: 2 });
      expect((await call('GET', '/users?role=admin', undefined, token)).json().total).toBe(0);
    });

    it('gives an empty list, not an error, when nothing matches', async () => {
      const response = await call('GET', '/users?search=nobody');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        count: 0,
        total: 0,
        users: [],
        pagination: { pages: 1 },
      });
    });
  });
});
