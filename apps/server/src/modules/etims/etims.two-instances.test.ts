import type { FeeNote } from '@firm/shared';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startEtimsSimulator, type EtimsSimulator } from '../../../test/etims-simulator';
import { useTwoInstances } from '../../../test/two-instances';
import { etimsEnv } from './etims-test-kit';

/**
 * Two server processes sending one branch's backlog to KRA at once (ADR 049): each invcNo reaches
 * KRA once, in order. Needs TEST_DATABASE_URL. Both share the server key, as processes of one
 * firm must (TWO_FACTOR_KEY), so either opens the device key the other sealed.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SHARED_KEY = randomBytes(32).toString('base64');

describe.runIf(serverUrl)('eTIMS sending on two app instances', () => {
  let kra: EtimsSimulator;
  beforeAll(async () => {
    kra = await startEtimsSimulator();
  });
  afterAll(() => kra.close());
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'etims', {}, () => ({
    ...etimsEnv(kra),
    TWO_FACTOR_KEY: SHARED_KEY,
  }));

  it('sends each invcNo once, lowest first, whichever process sends', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    await Promise.all([a.etims.settle(), b.etims.settle()]);
    const ctx = contextOf(0);
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'adv@etims-race.test' });
    const client = await seedUser(ctx, { role: 'client', email: 'client@etims-race.test' });
    const staff = bearer(await sessionFor(ctx, advocate));

    // A backlog built while KRA is down, issued through both processes.
    kra.down(true);
    const numbers: string[] = [];
    for (const app of [a, b, a, b, a, b]) {
      const drafted = await app.inject({
        method: 'POST',
        url: '/api/fee-notes',
        headers: staff,
        payload: {
          clientId: client.id,
          dueDate: '2026-12-30',
          lines: [{ kind: 'fee', description: 'Conveyancing', quantity: 1, unitPriceKsh: 30_000 }],
        },
      });
      const issued = await app.inject({
        method: 'POST',
        url: `/api/fee-notes/${(drafted.json().feeNote as FeeNote).id}/issue`,
        headers: staff,
      });
      expect(issued.statusCode, issued.body).toBe(200);
      numbers.push((issued.json().feeNote as FeeNote).number!);
    }
    await Promise.all([a.etims.settle(), b.etims.settle()]);
    expect(kra.sales).toHaveLength(0);

    kra.down(false);
    await ctx.database.db.execute(
      sql`update etims_transmissions set next_attempt_at = now() - interval '1 second'`,
    );
    await Promise.all([a.etims.sweep(), b.etims.sweep(), a.etims.sweep(), b.etims.sweep()]);
    await Promise.all([a.etims.settle(), b.etims.settle()]);

    expect(kra.sales.map((sale) => sale.trdInvcNo)).toEqual(numbers);
    expect(kra.sales.map((sale) => sale.invcNo)).toEqual([1, 2, 3, 4, 5, 6]);
    // Not one sale was posted twice (KRA would have answered 994 to the second).
    const posted = kra.requests.filter((request) => request.path === '/saveTrnsSalesOsdc');
    expect(posted).toHaveLength(6);
  });
});
