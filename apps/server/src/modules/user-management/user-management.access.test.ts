import { randomUUID } from 'node:crypto';
import {
  USER_MANAGEMENT_MESSAGES,
  ADMIN_PERMISSION_KEYS,
  MESSAGES,
  type AdminPermissions,
} from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../../test/accounts';

/**
 * Who may call what: every /api/user-management endpoint for every kind of caller. Each call that
 * is allowed really happens, on a target made for it.
 */

const ALL_ON = Object.fromEntries(
  ADMIN_PERMISSION_KEYS.map((key) => [key, true]),
) as AdminPermissions;
const ALL_BUT_ADMIT: AdminPermissions = { ...ALL_ON, canAdmitClients: false };

const CALLERS = [
  'signed out',
  'must change password',
  'client',
  'admin, no toggles',
  'admin, all toggles but canAdmitClients',
  'admin, canAdmitClients only',
  'admin, all six toggles',
  'advocate',
] as const;
type Caller = (typeof CALLERS)[number];

// prettier-ignore
const MATRIX: Record<string, readonly number[]> = {
  //                               out  mcp  cli  adm0 admX admA adm6 adv
  'POST create-admin':            [401, 403, 403, 403, 403, 403, 403, 201],
  'POST create-client':           [401, 403, 403, 403, 403, 201, 201, 201],
  'POST create-advocate':         [401, 403, 403, 403, 403, 403, 403, 201],
  'GET users':                    [401, 403, 403, 403, 403, 200, 200, 200],
  'PUT admin/:id/permissions':    [401, 403, 403, 403, 403, 403, 403, 200],
  'PUT user/:id/deactivate':      [401, 403, 403, 403, 403, 403, 403, 200],
  'PUT user/:id/activate':        [401, 403, 403, 403, 403, 403, 403, 200],
  'PUT user/:id/verify':          [401, 403, 403, 403, 403, 403, 403, 200],
  'PUT user/:id/reset-password':  [401, 403, 403, 403, 403, 403, 403, 200],
  'DELETE user/:id':              [401, 403, 403, 403, 403, 403, 403, 200],
};

let ctx: TestContext;
const tokens = new Map<Caller, string | undefined>();
let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@matrix.test`;

const person = (email: string) => ({ firstName: 'Amani', lastName: 'Otieno', email });

/** Builds each endpoint's request, with a fresh target account where it needs one. */
const REQUESTS: Record<string, { build: () => Promise<InjectOptions>; deniedMessage: string }> = {
  'POST create-admin': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => ({
      method: 'POST',
      url: '/api/user-management/create-admin',
      payload: { ...person(unique('admin')), permissions: { canOpenFiles: true } },
    }),
  },
  'POST create-client': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
    build: async () => ({
      method: 'POST',
      url: '/api/user-management/create-client',
      payload: person(unique('client')),
    }),
  },
  'POST create-advocate': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => ({
      method: 'POST',
      url: '/api/user-management/create-advocate',
      payload: {
        ...person(unique('advocate')),
        phone: '0722 000 111',
        licenseNumber: 'LSK/2020/0001',
        specialization: ['Tax Law'],
        experience: 5,
        education: 'LLB',
        barAdmission: '2020',
      },
    }),
  },
  'GET users': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
    build: async () => ({ method: 'GET', url: '/api/user-management/users' }),
  },
  'PUT admin/:id/permissions': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, { role: 'admin', email: unique('target-admin') });
      return {
        method: 'PUT',
        url: `/api/user-management/admin/${target.id}/permissions`,
        payload: { permissions: ALL_ON },
      };
    },
  },
  'PUT user/:id/deactivate': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/deactivate` };
    },
  },
  'PUT user/:id/activate': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, {
        role: 'client',
        email: unique('target'),
        isActive: false,
      });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/activate` };
    },
  },
  'PUT user/:id/verify': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, {
        role: 'advocate',
        email: unique('pending'),
        isActive: false,
        verificationStatus: 'pending',
      });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/verify` };
    },
  },
  'PUT user/:id/reset-password': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/reset-password` };
    },
  },
  'DELETE user/:id': {
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    build: async () => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'DELETE', url: `/api/user-management/user/${target.id}` };
    },
  },
};

beforeAll(async () => {
  ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
  const seedAndSignIn = async (
    caller: Caller,
    options: Parameters<typeof seedUser>[1],
  ): Promise<void> => {
    tokens.set(caller, await sessionFor(ctx, await seedUser(ctx, options)));
  };
  tokens.set('signed out', undefined);
  await seedAndSignIn('must change password', {
    role: 'advocate',
    email: 'mcp@matrix.test',
    mustChangePassword: true,
  });
  await seedAndSignIn('client', { role: 'client', email: 'client@matrix.test' });
  await seedAndSignIn('admin, no toggles', { role: 'admin', email: 'adm0@matrix.test' });
  await seedAndSignIn('admin, all toggles but canAdmitClients', {
    role: 'admin',
    email: 'admx@matrix.test',
    permissions: ALL_BUT_ADMIT,
  });
  await seedAndSignIn('admin, canAdmitClients only', {
    role: 'admin',
    email: 'adma@matrix.test',
    permissions: { canAdmitClients: true },
  });
  await seedAndSignIn('admin, all six toggles', {
    role: 'admin',
    email: 'adm6@matrix.test',
    permissions: ALL_ON,
  });
  await seedAndSignIn('advocate', { role: 'advocate', email: 'advocate@matrix.test' });
});
afterAll(() => ctx.close());

describe.each(Object.entries(MATRIX))('%s', (endpoint, statuses) => {
  it.each(CALLERS.map((caller, i) => [caller, statuses[i]!] as const))(
    '%s → %i',
    async (caller, expected) => {
      const { build, deniedMessage } = REQUESTS[endpoint]!;
      const request = await build();
      const token = tokens.get(caller);
      const response = await ctx.app.inject({
        ...request,
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode, response.body).toBe(expected);
      const body = response.json();
      if (expected === 401) expect(body.message).toBe(MESSAGES.signInRequired);
      if (expected === 403 && caller === 'must change password') {
        expect(body.code).toBe('PASSWORD_CHANGE_REQUIRED');
      } else if (expected === 403) {
        expect(body).toEqual({ message: deniedMessage, code: 'FORBIDDEN' });
      }
      if (expected < 300) expect(body.success).toBe(true);
    },
  );
});

describe('callers without the right get nothing else either', () => {
  it('refuses before reading the body: an empty body still answers 401 / 403, not 400', async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-admin',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    const client = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-admin',
      payload: {},
      headers: bearer(tokens.get('client')!),
    });
    expect(client.statusCode).toBe(403);
  });

  it('refuses an unknown id the same way as a known one (no probing for accounts)', async () => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user-management/user/${randomUUID()}`,
      headers: bearer(tokens.get('admin, all six toggles')!),
    });
    expect(response.statusCode).toBe(403);
  });
});
