import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { deliveries, notifications } from '../../db/schema';
import type { DELIVERY_KINDS } from './deliveries.repository';
import { sendSms } from './deliveries-test-kit';

/**
 * A message that fails for good tells the advocates in the bell (delivery-failures.ts), whether
 * the provider refused it at once or a network's delivery report says so later.
 */

describe('a message that fails for good', () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
  let advocateId: string;
  let adminId: string;
  const secret = 'report-secret-0123456789';

  beforeAll(async () => {
    fake = await startAfricasTalkingFake((number) =>
      number === '+254733000111' ? { statusCode: 403, status: 'InvalidPhoneNumber' } : {},
    );
    ctx = await createTestContext({
      AT_USERNAME: 'mwamba',
      AT_API_KEY: 'test-api-key',
      AT_BASE_URL: fake.url,
      AT_CALLBACK_SECRET: secret,
    });
    advocateId = (await seedUser(ctx, { role: 'advocate', email: 'owner@failures.test' })).id;
    adminId = (await seedUser(ctx, { role: 'admin', email: 'clerk@failures.test' })).id;
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const bell = (userId: string) =>
    ctx.app.db
      .select({ message: notifications.message, actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'delivery_failed')))
      .orderBy(notifications.sequence);
  const send = (kind: (typeof DELIVERY_KINDS)[number], to: string) => sendSms(ctx, to, kind);

  it('tells the advocates in the bell, the number masked, with the provider’s reason; never an admin', async () => {
    await send('court_date_reminder', '0733 000 111');
    const told = await bell(advocateId);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(
      'The SMS “Court date reminder” to +254 7•• ••• 111 could not be delivered: InvalidPhoneNumber (403). Reach the person another way, or correct their details and retry it under System Settings, Deliveries.',
    );
    expect(told[0]!.actionUrl).toBe('/system-settings?tab=deliveries&deliveries.status=failed');
    expect(await bell(adminId)).toEqual([]);
  });

  it('says nothing of a message to an address nobody proved (the contact form’s reply)', async () => {
    const before = (await bell(advocateId)).length;
    await send('contact_auto_reply', '0733 000 111');
    expect(await bell(advocateId)).toHaveLength(before);
  });

  it('tells them once of a network’s failed report, however often it is posted', async () => {
    const id = await send('appointment_reminder', '0712 982 369');
    const [row] = await ctx.app.db.select().from(deliveries).where(eq(deliveries.id, id));
    const before = (await bell(advocateId)).length;
    const report = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/deliveries/sms-reports/${secret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${row!.providerMessageId}&status=Failed&phoneNumber=%2B254712982369&failureReason=DeliveryFailure`,
      });
    expect((await report()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(200);
    const told = await bell(advocateId);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.message).toContain(
      '“Appointment reminder” to +254 7•• ••• 369 could not be delivered: DeliveryFailure',
    );
  });
});
