import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { copyRouteHookArrays } from './route-hook-arrays';

describe('copyRouteHookArrays', () => {
  it('keeps a rate limit on its own route when routes share one guard array', async () => {
    const app = Fastify();
    copyRouteHookArrays(app);
    await app.register(rateLimit, { global: false });
    await app.register(async (child) => {
      const guard = [async () => {}];
      child.get(
        '/limited',
        { onRequest: guard, config: { rateLimit: { max: 1, timeWindow: '1 minute' } } },
        async () => 'ok',
      );
      child.get('/open', { onRequest: guard }, async () => 'ok');
    });
    const statuses = async (url: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) codes.push((await app.inject({ url })).statusCode);
      return codes;
    };
    expect(await statuses('/open')).toEqual([200, 200, 200]);
    expect(await statuses('/limited')).toEqual([200, 429, 429]);
    await app.close();
  });
});
