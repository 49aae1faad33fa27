import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { settleMail } from '../../../test/helpers';
import { bearer } from '../../../test/accounts';
import { ctx } from './accounts-test-kit';

/**
 * What the tests of changing accounts share (with accounts-test-kit.ts's app and advocate): every
 * admin permission on, and the reads and sign-ins they check with.
 */

export const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
export const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.7.0.9',
  });
/** Asks for a reset link by email, as the person would, and returns its token. */
export const emailedResetToken = async (email: string) => {
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
export const resetWith = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'N3w-Passw0rd-2026' },
    remoteAddress: '10.7.0.8',
  });
export const auditRows = (action: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));
export const row = async (id: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];
