import { PROFILE_MESSAGES } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { sessionFor } from '../../../test/accounts';
import { generateToken, hashToken } from '../../lib/tokens';
import { insertEmailChangeToken } from './profile.repository';

/**
 * Who may call what: every /api/profile endpoint for every kind of caller. Each is about the
 * caller's own account, so every signed-in person may (professional details: advocates only).
 */

let seq = 0;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET profile': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile' }),
    check: (body, caller) =>
      expect((body as { user: { id: string } }).user.id).toBe(caller.user!.id),
  },
  'PUT profile': {
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/profile',
      payload: { firstName: 'Akinyi', lastName: 'Odhiambo', phone: '0712 345 678' },
    }),
    check: (body) => expect((body as { user: { phone: string } }).user.phone).toBe('+254712345678'),
  },
  'PUT profile/professional': {
    action: 'profile:professional',
    deniedMessage: PROFILE_MESSAGES.professionalDetailsOnlyAdvocates,
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/profile/professional',
      payload: {
        licenseNumber: 'LSK/2015/0101',
        specialization: ['Tax Law', 'Maritime'],
        experience: 9,
        education: 'LLB',
        barAdmission: '2015',
      },
    }),
  },
  'POST profile/email-change': {
    allowed: 200,
    request: () => ({
      method: 'POST',
      url: '/api/profile/email-change',
      payload: { email: `new-${(seq += 1)}@matrix.test` },
    }),
  },
  'POST profile/email-change/confirm': {
    allowed: 200,
    request: async (ctx, caller) => {
      const token = generateToken();
      if (caller.user) {
        await insertEmailChangeToken(ctx.database.db, {
          userId: caller.user.id,
          newEmail: `confirmed-${(seq += 1)}@matrix.test`,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 60_000),
        });
      }
      return { method: 'POST', url: '/api/profile/email-change/confirm', payload: { token } };
    },
  },
  'GET profile/sessions': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile/sessions' }),
    check: (body) => {
      const { sessions } = body as { sessions: { current: boolean }[] };
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
    },
  },
  'DELETE profile/sessions/:id': {
    allowed: 200,
    request: async (ctx, caller) => {
      // Another session of the caller's own (a visitor's request names any id).
      const token = caller.user ? await sessionFor(ctx, caller.user) : generateToken();
      const [row] = await ctx.database.db.query.sessions.findMany({
        where: (sessions, { eq }) => eq(sessions.tokenHash, hashToken(token)),
      });
      const id = row?.id ?? '00000000-0000-4000-8000-000000000000';
      return { method: 'DELETE', url: `/api/profile/sessions/${id}` };
    },
  },
  'POST profile/sessions/sign-out-others': {
    allowed: 200,
    request: () => ({ method: 'POST', url: '/api/profile/sessions/sign-out-others' }),
  },
  'GET profile/export': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile/export' }),
    check: (body, caller) =>
      expect((body as { account: { id: string } }).account.id).toBe(caller.user!.id),
  },
  'GET profile/data-requests': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile/data-requests' }),
  },
  'POST profile/data-requests': {
    allowed: 201,
    request: () => ({ method: 'POST', url: '/api/profile/data-requests', payload: {} }),
  },
};

/** A fresh address per call: the per-IP limits of some routes are not what this file tests. */
let address = 0;
const fromOwnAddress = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, endpoint]) => [
    name,
    {
      ...endpoint,
      request: async (...args: Parameters<MatrixEndpoint['request']>) => {
        address += 1;
        return {
          ...(await endpoint.request(...args)),
          remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        };
      },
    },
  ]),
);

describeAccessMatrix('/api/profile', fromOwnAddress);
