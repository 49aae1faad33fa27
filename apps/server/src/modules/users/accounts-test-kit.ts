import { afterEach, beforeEach } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../../test/accounts';

/**
 * What the account creation and list tests share: a fresh app for each test, with an advocate
 * signed in, and calls to the user management API as them.
 */

export let ctx: TestContext;
export let advocate: Awaited<ReturnType<typeof seedUser>>;
export let advocateToken: string;

export const call = (
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

/** A fresh app with its advocate before each test, closed after it. */
export function useAccountsTestContext() {
  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    advocateToken = await sessionFor(ctx, advocate);
  });
  afterEach(() => ctx.close());
}
