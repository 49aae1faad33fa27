import type { MoneyAccount } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { useTwoInstances } from '../../../test/two-instances';
import { clientMoneyEntries, clientMoneyMpesaDeposits } from '../../db/schema';

/**
 * Safaricom's callback for one deposit reaching two server processes at once (it retries, and a
 * load balancer may send the copies anywhere): one receipt is posted, with one CR number (ADR 045,
 * "M-Pesa deposits"). Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'two-instances-deposit-secret';

describe.runIf(serverUrl)('M-Pesa deposit callbacks racing on two app instances', () => {
  let daraja: DarajaSimulator;
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
  });
  afterAll(() => daraja.close());
  const { apps, contextOf } = useTwoInstances(
    serverUrl!,
    'mpesa-deposits',
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

  it('posts one receipt when both processes get the same success callback', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@deposit-race.test' });
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@deposit-race.test',
      phone: '+254712345678',
    });
    const opened = await a.inject({
      method: 'POST',
      url: '/api/client-money/accounts',
      headers: bearer(await sessionFor(ctx, advocate)),
      payload: {
        name: 'M-Pesa Client Paybill',
        kind: 'client',
        institution: 'M-Pesa',
        number: daraja.settings().shortcode,
        openingBalanceKsh: 0,
        openingDate: '2026-01-01',
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const account = opened.json().account as MoneyAccount;

    const started = await b.inject({
      method: 'POST',
      url: '/api/payments/mpesa',
      headers: bearer(await sessionFor(ctx, client)),
      payload: { purpose: 'deposit', clientId: client.id, amountKsh: 40_000, phone: '0712345678' },
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

    const entries = await a.db
      .select()
      .from(clientMoneyEntries)
      .where(eq(clientMoneyEntries.clientId, client.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'receipt', amountKsh: 40_000, accountId: account.id });
    const [deposit] = await b.db
      .select()
      .from(clientMoneyMpesaDeposits)
      .where(eq(clientMoneyMpesaDeposits.id, id));
    expect(deposit).toMatchObject({ status: 'succeeded', entryId: entries[0]!.id });
  });
});
