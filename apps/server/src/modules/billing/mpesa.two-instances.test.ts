import type { FeeNote, Payment } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { useTwoInstances } from '../../../test/two-instances';
import { payments } from '../../db/schema';

/**
 * Safaricom's callback for one payment reaching two server processes at once (it retries, and a
 * load balancer may send the copies anywhere): exactly one payment is recorded, with one receipt.
 * Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'two-instances-callback-secret';

describe.runIf(serverUrl)('M-Pesa callbacks racing on two app instances', () => {
  let daraja: DarajaSimulator;
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
  });
  afterAll(() => daraja.close());
  const { apps, contextOf } = useTwoInstances(
    serverUrl!,
    'mpesa',
    { messageNotices: false },
    () => {
      const settings = daraja.settings();
      return {
        MPESA_BASE_URL: settings.baseUrl,
        MPESA_CONSUMER_KEY: settings.consumerKey,
        MPESA_CONSUMER_SECRET: settings.consumerSecret,
        MPESA_SHORTCODE: settings.shortcode,
        MPESA_PASSKEY: settings.passkey,
        MPESA_CALLBACK_SECRET: SECRET,
      };
    },
  );

  it('records one payment when both processes get the same success callback', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@mpesa-race.test' });
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@mpesa-race.test',
      phone: '+254712345678',
    });
    const staff = bearer(await sessionFor(ctx, advocate));
    const drafted = await a.inject({
      method: 'POST',
      url: '/api/fee-notes',
      headers: staff,
      payload: {
        clientId: client.id,
        dueDate: '2026-12-15',
        lines: [{ kind: 'fee', description: 'Conveyancing', quantity: 1, unitPriceKsh: 30_000 }],
      },
    });
    const note = drafted.json().feeNote as FeeNote;
    await a.inject({ method: 'POST', url: `/api/fee-notes/${note.id}/issue`, headers: staff });

    const started = await b.inject({
      method: 'POST',
      url: '/api/payments/mpesa',
      headers: bearer(await sessionFor(ctx, client)),
      payload: { feeNoteId: note.id, phone: '0712345678' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId } = started.json() as { id: string; checkoutRequestId: string };
    daraja.complete(checkoutRequestId);
    const body = daraja.callbackBody(checkoutRequestId);

    const answers = await Promise.all(
      [a, b, a, b].map((app) =>
        app.inject({ method: 'POST', url: `/api/mpesa/callback/${SECRET}`, payload: body }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    await Promise.all([a.backgroundTasks.drain(), b.backgroundTasks.drain()]);

    const rows = await a.db.select().from(payments).where(eq(payments.feeNoteId, note.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    const seen = (
      await a.inject({ method: 'GET', url: `/api/payments/${id}`, headers: staff })
    ).json() as Payment;
    expect(seen.receiptNumber).toMatch(/^RC\//);
    const paid = (
      await b.inject({ method: 'GET', url: `/api/fee-notes/${note.id}`, headers: staff })
    ).json() as FeeNote;
    expect(paid.status).toBe('paid');
    expect(paid.totals.paidKsh).toBe(30_000);
  });
});
