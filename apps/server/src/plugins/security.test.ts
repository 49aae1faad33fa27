import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import {
  TEST_PASSWORD,
  TEST_SUPER_KEY,
  advocatePayload,
  bearer,
  seedUser,
  sessionFor,
} from '../../test/accounts';

describe('caching of API answers', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    token = await sessionFor(ctx, advocate);
    await seedUser(ctx, { role: 'client', email: 'amina.odhiambo@example.test' });
  });
  afterAll(() => ctx.close());

  it('answers with a token, a temporary password or personal data are never stored by a cache', async () => {
    const answers = [
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // A client's sign-in: the advocate's would ask them to set up a second factor first.
        payload: { email: 'amina.odhiambo@example.test', password: TEST_PASSWORD },
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user-management/create-client',
        headers: bearer(token),
        payload: { firstName: 'Amina', lastName: 'Odhiambo', email: 'amina@example.test' },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/user-management/users',
        headers: bearer(token),
      }),
      // Errors too: a 401, a 400 echoing field messages, an unknown path.
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: advocatePayload({ email: 'x' }),
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
    expect(answers[2]!.json().temporaryPassword).toBeTruthy();
  });

  it('lets a public route choose its own caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});
