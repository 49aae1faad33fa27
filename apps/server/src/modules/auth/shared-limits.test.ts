import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_PASSWORD, TEST_SUPER_KEY, seedUser } from '../../../test/accounts';

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
// CI must not pass by skipping these: .ci/run starts Redis and sets TEST_REDIS_URL.
if (process.env.CI && !redisUrl) {
  throw new Error('CI=1 but TEST_REDIS_URL is unset: the shared rate-limit tests need Redis');
}

/** Two server processes on one database and one Redis (limits lived in one process). */
describe.runIf(redisUrl)('rate limits and sign-in counters shared through Redis', () => {
  let ctx: TestContext;
  let second: App;
  const keyPrefix = `firm-test:${randomBytes(6).toString('hex')}:`;

  beforeEach(async () => {
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY, REDIS_URL: redisUrl! },
      { redisKeyPrefix: keyPrefix },
    );
    second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: { send: async () => {} },
      logger: false,
      retentionSchedule: false,
      redisKeyPrefix: keyPrefix,
    });
    await second.ready();
  });
  afterEach(async () => {
    const keys = await ctx.app.redis!.keys(`${keyPrefix}*`);
    if (keys.length > 0) await ctx.app.redis!.del(...keys);
    await second.close();
    await ctx.close();
  });

  const login = (app: App, email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('counts one address against one per-address limit in both processes', async () => {
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? ctx.app : second;
      expect(
        (await login(app, `user${i}@example.test`, 'Wrong-pass1', '10.8.0.1')).statusCode,
      ).toBe(401);
    }
    for (const app of [ctx.app, second]) {
      const limited = await login(app, 'x@example.test', 'Wrong-pass1', '10.8.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
    }
    expect((await login(second, 'x@example.test', 'Wrong-pass1', '10.8.0.2')).statusCode).toBe(401);
  });

  it('locks an unknown email after 5 guesses spread over both processes', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(i % 2 === 0 ? ctx.app : second, 'ghost@example.test', `Wrong-${i}-pw`, `10.8.1.${i}`),
      ),
    );
    expect(statuses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    const locked = await login(ctx.app, 'ghost@example.test', TEST_PASSWORD, '10.8.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
  });

  it('locks a known account after 5 guesses spread over both processes', async () => {
    await seedUser(ctx, { role: 'client', email: 'client@example.test' });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(
          i % 2 === 0 ? ctx.app : second,
          'client@example.test',
          `Wrong-${i}-pw`,
          `10.8.3.${i}`,
        ),
      ),
    );
    expect(statuses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect((await login(second, 'client@example.test', TEST_PASSWORD, '10.8.4.1')).statusCode).toBe(
      429,
    );
  });
});
