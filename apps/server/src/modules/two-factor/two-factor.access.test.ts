import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { USER_MANAGEMENT_MESSAGES } from '@firm/shared';
import { totpSecrets } from '../../db/schema';
import { seedUser } from '../../../test/accounts';

let seq = 0;
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/**
 * Two-factor sign-in's routes, for every kind of caller: each signed-in person's own second factor
 * (any role may turn one on), nobody signed out, and a person who must first change their
 * password only that. A caller here has none yet: turning on without a setup, turning off and
 * renewing codes answer 409.
 */
const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /auth/2fa': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/auth/2fa' }),
    check: (body) => expect(body).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 }),
  },
  'POST /auth/2fa/totp/setup': {
    allowed: 200,
    request: () => ({ method: 'POST', url: '/api/auth/2fa/totp/setup' }),
    check: (body) => expect((body as { otpauthUrl: string }).otpauthUrl).toMatch(/^otpauth:/),
  },
  'POST /auth/2fa/totp/enable': {
    allowed: 409,
    // Whatever the setup row before left: no key being set up.
    request: async (ctx, caller) => {
      if (caller.user) {
        await ctx.database.db.delete(totpSecrets).where(eq(totpSecrets.userId, caller.user.id));
      }
      return { method: 'POST', url: '/api/auth/2fa/totp/enable', payload: { code: '123456' } };
    },
  },
  'POST /auth/2fa/disable': {
    allowed: 409,
    request: () => ({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: 'whatever-it-is', code: '123456' },
    }),
  },
  'POST /auth/2fa/recovery-codes': {
    allowed: 409,
    request: () => ({
      method: 'POST',
      url: '/api/auth/2fa/recovery-codes',
      payload: { password: 'whatever-it-is' },
    }),
  },
  // An advocate's reset of someone else's second factor (a fresh account without one: 409).
  'POST /user-management/user/:id/reset-two-factor': {
    action: 'users:manage',
    allowed: 409,
    deniedMessage: USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
    request: async (ctx) => {
      const target = await seedUser(ctx, {
        role: 'client',
        email: `reset-${(seq += 1)}@matrix.test`,
      });
      return { method: 'POST', url: `/api/user-management/user/${target.id}/reset-two-factor` };
    },
  },
};

describeAccessMatrix('/api/auth/2fa access', ENDPOINTS);
