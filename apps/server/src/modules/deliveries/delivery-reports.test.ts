import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, notifications } from '../../db/schema';
import { captureLog, createTestContext, type TestContext } from '../../../test/helpers';
import { seedUser } from '../../../test/accounts';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { queueDelivery } from './deliveries.repository';

/**
 * Africa's Talking's delivery reports (ADR 028). A forged or late `Failed` report turned a
 * delivered SMS into a failed one, which Retry then sent again, and told the advocates it had
 * failed; a replayed report overwrote the first reason; `id=%00` answered 500. The first final
 * report stands: a contradicting one changes nothing and is logged as suspicious, a repeated one
 * changes nothing, and a report the API cannot read answers 400.
 */
describe("Africa's Talking delivery reports", () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
  let log: ReturnType<typeof captureLog>;
  const secret = 'callback-secret-0123456789';

  beforeAll(async () => {
    fake = await startAfricasTalkingFake(() => ({}));
    log = captureLog();
    ctx = await createTestContext(
      {
        AT_USERNAME: 'mwamba',
        AT_API_KEY: 'test-api-key',
        AT_SENDER_ID: 'MWAMBA',
        AT_BASE_URL: fake.url,
        AT_CALLBACK_SECRET: secret,
      },
      { logStream: log.stream },
    );
    await seedUser(ctx, { role: 'advocate', email: 'kiprono.chebet@mwamba.test' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  /** An SMS handed to the gateway: its row id and the gateway's message id. */
  async function sentSms(to: string) {
    const id = await ctx.app.db.transaction((tx) =>
      queueDelivery(tx, {
        channel: 'sms',
        kind: 'test_sms',
        to,
        text: 'Mwamba & Associates: your hearing at Milimani Law Courts is on Thursday at 9:00.',
      }),
    );
    await ctx.app.outbox.dispatch([id]);
    await ctx.app.outbox.settle();
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    return { id, providerMessageId: row.providerMessageId! };
  }
  const rowOf = async (id: string) =>
    (await ctx.app.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
  const report = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/deliveries/sms-reports/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const failureNotices = async () =>
    (await ctx.app.db.select().from(notifications)).filter((n) => n.kind === 'delivery_failed');

  it('a Failed report after Success leaves the SMS delivered, tells nobody, and is logged as suspicious', async () => {
    const { id, providerMessageId } = await sentSms('0712 101 202');
    expect((await report({ id: providerMessageId, status: 'Success' })).statusCode).toBe(200);
    const noticesBefore = (await failureNotices()).length;

    const forged = { id: providerMessageId, status: 'Failed', failureReason: 'UserInBlacklist' };
    expect((await report(forged)).statusCode).toBe(200);
    await ctx.app.backgroundTasks.drain();

    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.providerStatus).toBe('Success');
    expect(row.lastError).toBeNull();
    expect(await failureNotices()).toHaveLength(noticesBefore);
    expect(log.text()).toContain('delivery report contradicts');
  });

  it('a replayed Failed report keeps the first reason', async () => {
    const { id, providerMessageId } = await sentSms('0712 303 404');
    const first = { id: providerMessageId, status: 'Failed', failureReason: 'UserInBlacklist' };
    expect((await report(first)).statusCode).toBe(200);
    expect((await report({ ...first, failureReason: 'DeliveryFailure' })).statusCode).toBe(200);
    expect(
      (await report({ ...first, status: 'Rejected', failureReason: 'Forged' })).statusCode,
    ).toBe(200);
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.providerStatus).toBe('Failed');
    expect(row.lastError).toBe('UserInBlacklist');
  });

  it('a report the API cannot read answers 400, never 500', async () => {
    const { providerMessageId } = await sentSms('0712 505 606');
    const unreadable: Record<string, string>[] = [
      { id: '\u0000', status: 'Success' },
      { id: `${providerMessageId}\u0000`, status: 'Failed' },
      { id: providerMessageId, status: 'Failed\u0000' },
      { id: providerMessageId, status: 'Failed', failureReason: 'Blocked\u0000' },
      { id: providerMessageId, status: 'Failed', phoneNumber: '+254\u0000' },
      { id: '', status: 'Success' },
    ];
    for (const fields of unreadable) {
      const response = await report(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/api/deliveries/sms-reports/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=%00&status=Success',
    });
    expect(raw.statusCode).toBe(400);
  });
});
