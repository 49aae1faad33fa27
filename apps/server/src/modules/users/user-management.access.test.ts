import { randomUUID } from 'node:crypto';
import {
  USER_MANAGEMENT_MESSAGES,
  ADMIN_PERMISSION_KEYS,
  type AdminPermissions,
} from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../../test/accounts';

/**
 * Who may call what: every /api/user-management endpoint for every kind of caller, the table
 * generated from `can()` (test/access-matrix.ts). Each call that is allowed really happens, on a
 * target made for it.
 */

const ALL_ON = Object.fromEntries(
  ADMIN_PERMISSION_KEYS.map((key) => [key, true]),
) as AdminPermissions;

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@matrix.test`;
const person = (email: string) => ({ firstName: 'Amani', lastName: 'Otieno', email });

const advocatesOnly = {
  action: 'users:manage',
  deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'POST create-admin': {
    action: 'admins:manage',
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    allowed: 201,
    request: () => ({
      method: 'POST',
      url: '/api/user-management/create-admin',
      payload: { ...person(unique('admin')), permissions: { canOpenFiles: true } },
    }),
  },
  'POST create-client': {
    action: 'clients:admit',
    deniedMessage: USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
    allowed: 201,
    request: () => ({
      method: 'POST',
      url: '/api/user-management/create-client',
      payload: person(unique('client')),
    }),
  },
  'POST create-advocate': {
    ...advocatesOnly,
    allowed: 201,
    request: () => ({
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
    action: 'clients:admit',
    deniedMessage: USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/user-management/users' }),
    check: (body) => expect((body as { success: boolean }).success).toBe(true),
  },
  'PUT admin/:id/permissions': {
    action: 'admins:manage',
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'admin', email: unique('target-admin') });
      return {
        method: 'PUT',
        url: `/api/user-management/admin/${target.id}/permissions`,
        payload: { permissions: ALL_ON },
      };
    },
  },
  'PUT user/:id/deactivate': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/deactivate` };
    },
  },
  'PUT user/:id/activate': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, {
        role: 'client',
        email: unique('target'),
        isActive: false,
      });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/activate` };
    },
  },
  'PUT user/:id/verify': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
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
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'PUT', url: `/api/user-management/user/${target.id}/reset-password` };
    },
  },
  // Whoever may create that kind of account may invite it again (ADR 024).
  'POST user/:id/resend-invitation (a client)': {
    action: 'clients:admit',
    deniedMessage: USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'client', email: unique('invitee') });
      return {
        method: 'POST',
        url: `/api/user-management/user/${target.id}/resend-invitation`,
      };
    },
  },
  'POST user/:id/resend-invitation (an admin)': {
    action: 'admins:manage',
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'admin', email: unique('invitee-admin') });
      return {
        method: 'POST',
        url: `/api/user-management/user/${target.id}/resend-invitation`,
      };
    },
  },
  'DELETE user/:id': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
      const target = await seedUser(ctx, { role: 'client', email: unique('target') });
      return { method: 'DELETE', url: `/api/user-management/user/${target.id}` };
    },
  },
};

describeAccessMatrix('/api/user-management', ENDPOINTS, {
  env: { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
});

describe('callers without the right get nothing else either', () => {
  let ctx: TestContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    const client = await seedUser(ctx, { role: 'client', email: 'client@matrix.test' });
    tokens.set('client', await sessionFor(ctx, client));
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'adm6@matrix.test',
      permissions: ALL_ON,
    });
    tokens.set('admin, all six toggles', await sessionFor(ctx, admin));
  });
  afterAll(() => ctx.close());

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
