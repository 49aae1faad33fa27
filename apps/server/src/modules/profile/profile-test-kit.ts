import { isClientAccount } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { TEST_PASSWORD, bearer, seedUser, sessionFor, signIn } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { auditLog } from '../../db/schema';

/**
 * What the profile tests (profile.*.test.ts) share: one app, a fresh signed-in person for a
 * test, and calls from addresses no other test used.
 */

export let ctx: TestContext;
export let seq = 0;
/** A number no other test of the file has used. */
export const nextSeq = () => (seq += 1);
export const uniqueAddress = () => `10.88.0.${nextSeq()}`;

export async function newPerson(role: 'client' | 'advocate' | 'admin' = 'client') {
  const email = `person-${(seq += 1)}@profile.test`;
  const user = await seedUser(ctx, { role, email });
  // Staff straight into the database: signing in would first ask them to set up a second factor.
  const token = isClientAccount(user)
    ? await signIn(ctx, email, TEST_PASSWORD, uniqueAddress())
    : await sessionFor(ctx, user);
  return { user, token, email };
}

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: uniqueAddress() });

export const auditActions = async (userId: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId))).map(
    (row) => row.action,
  );

/** Builds the app before the file's tests, and closes it after them. */
export function useProfileTestContext() {
  beforeAll(async () => {
    ctx = await createTestContext();
    // Each file's addresses from the first again: a fresh app, and they stay valid IPv4.
    seq = 0;
  });
  afterAll(() => ctx.close());
}
