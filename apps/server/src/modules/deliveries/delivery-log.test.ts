import { DELIVERY_KIND_LABELS, DELIVERY_MESSAGES, type DeliveriesPage } from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { auditLog, deliveries } from '../../db/schema';
import { DELIVERY_KINDS } from './deliveries.repository';
import { sendSms } from './deliveries-test-kit';
import { maskEmail, maskPhone } from './delivery-log.service';

/**
 * System Settings → Deliveries: what the screen may read of the outbox (masked recipients, never
 * a body), and sending a failed message again. Who may call is in delivery-log.access.test.ts;
 * what the advocates are told of a message that fails for good, in delivery-failures.test.ts.
 */

const LONG_ADDRESS = 'wanjiru.nyambura-kamau@mwamba-and-associates-advocates.co.ke';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('masking a recipient', () => {
  it('keeps the first two characters of an address and its whole domain', () => {
    expect(maskEmail('janet.achieng@gmail.com')).toBe('ja•••@gmail.com');
    expect(maskEmail(LONG_ADDRESS)).toBe('wa•••@mwamba-and-associates-advocates.co.ke');
    // A short local part never shows whole.
    expect(maskEmail('jo@firm.test')).toBe('j•••@firm.test');
    expect(maskEmail('a@firm.test')).toBe('•••@firm.test');
    // By character, not by UTF-16 unit.
    expect(maskEmail('𝒜𝒷𝒸@mail.test')).toBe('𝒜𝒷•••@mail.test');
  });

  it('keeps a Kenyan number’s country code, first digit and last three', () => {
    expect(maskPhone('+254712982369')).toBe('+254 7•• ••• 369');
    expect(maskPhone('+254110345678')).toBe('+254 1•• ••• 678');
  });
});

describe('the Deliveries screen', () => {
  let ctx: TestContext;
  let advocate: string;
  let fake: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
  /** Numbers Africa's Talking refuses (InvalidPhoneNumber), or answers with a server error. */
  const refused = new Set<string>();
  const gatewayDown = new Set<string>();
  let seq = 0;

  beforeAll(async () => {
    fake = await startAfricasTalkingFake((number) => {
      if (refused.has(number)) return { statusCode: 403, status: 'InvalidPhoneNumber' };
      if (gatewayDown.has(number)) return { httpStatus: 500 };
      return {};
    });
    ctx = await createTestContext({
      AT_USERNAME: 'mwamba',
      AT_API_KEY: 'test-api-key',
      AT_SENDER_ID: 'MWAMBA',
      AT_BASE_URL: fake.url,
    });
    const user = await seedUser(ctx, { role: 'advocate', email: 'owner@deliveries.test' });
    advocate = await sessionFor(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(async () => {
    await ctx.app.outbox.settle();
    await ctx.app.db.delete(deliveries);
    await ctx.app.db.delete(auditLog).where(eq(auditLog.action, 'delivery.retried'));
    refused.clear();
    gatewayDown.clear();
    fake.requests.length = 0;
  });

  const call = (method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(advocate),
      remoteAddress: `10.67.0.${(seq += 1)}`,
    });
  const list = async (query = '') => {
    const response = await call('GET', `/api/deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeliveriesPage>();
  };
  const retry = (id: string) => call('POST', `/api/deliveries/${id}/retry`);
  const rowOf = async (id: string) => {
    const [row] = await ctx.app.db.select().from(deliveries).where(eq(deliveries.id, id));
    return row!;
  };

  /** A row as the outbox leaves it, written directly: its state is the test's, not a worker's. */
  async function insert(row: Partial<typeof deliveries.$inferInsert> = {}): Promise<string> {
    const [written] = await ctx.app.db
      .insert(deliveries)
      .values({
        channel: 'email',
        kind: 'contact_auto_reply',
        recipient: 'janet.achieng@gmail.com',
        subject: 'We have received your message',
        body: 'Dear Janet, thank you for writing to the firm.',
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
        ...row,
      })
      .returning({ id: deliveries.id });
    return written!.id;
  }

  it('lists recipients masked and never a body, reply-to address or attachment', async () => {
    await insert({
      kind: 'password_reset',
      recipient: LONG_ADDRESS,
      subject: 'Reset your password',
      body: 'Reset it here: http://portal.test/reset-password?token=SECRET-TOKEN-123',
      replyTo: 'front-desk@mwamba.test',
      attachments: [
        { filename: 'meeting.ics', content: 'SECRET-CALENDAR', contentType: 'text/calendar' },
      ],
      isConfidential: true,
      createdAt: minutesAgo(1),
    });
    await insert({
      channel: 'sms',
      kind: 'appointment_reminder',
      recipient: '+254712982369',
      subject: null,
      body: 'SECRET-SMS-TEXT: your meeting is tomorrow',
      status: 'failed',
      sentAt: null,
      failedAt: new Date(),
      // A provider may quote the number: it is masked there too.
      lastError: 'UserInBlacklist: +254712982369 (0712 982 369) refused',
      providerStatus: 'Failed',
    });

    const response = await call('GET', '/api/deliveries');
    expect(response.statusCode).toBe(200);
    for (const secret of [
      'SECRET',
      'wanjiru.nyambura',
      '712982369',
      '712 982',
      'front-desk',
      'meeting.ics',
      'body',
      'replyTo',
      'attachments',
    ]) {
      expect(response.body).not.toContain(secret);
    }
    const page = response.json<DeliveriesPage>();
    expect(page.total).toBe(2);
    const [sms, email] = page.deliveries;
    expect(sms).toEqual({
      id: expect.any(String),
      channel: 'sms',
      kind: 'appointment_reminder',
      kindLabel: DELIVERY_KIND_LABELS.appointment_reminder,
      recipient: '+254 7•• ••• 369',
      subject: null,
      status: 'failed',
      attempts: 1,
      createdAt: expect.any(String),
      sentAt: null,
      failedAt: expect.any(String),
      nextAttemptAt: null,
      retriedAt: null,
      lastError: 'UserInBlacklist: +254 7•• ••• 369 (+254 7•• ••• 369) refused',
      providerStatus: 'Failed',
      isConfidential: false,
    });
    expect(email).toMatchObject({
      channel: 'email',
      kindLabel: 'Password reset link',
      recipient: 'wa•••@mwamba-and-associates-advocates.co.ke',
      subject: 'Reset your password',
      status: 'sent',
      isConfidential: true,
    });
  });

  it('filters by status, channel and what was sent, in words or as the code', async () => {
    await insert({ kind: 'password_reset', recipient: 'a.one@mail.test' });
    await insert({
      kind: 'invitation',
      recipient: 'b.two@mail.test',
      status: 'failed',
      sentAt: null,
      failedAt: new Date(),
      lastError: '550 Mailbox does not exist',
    });
    await insert({
      channel: 'sms',
      kind: 'appointment_reminder',
      recipient: '+254722000111',
      subject: null,
    });
    const kinds = (page: DeliveriesPage) => page.deliveries.map((delivery) => delivery.kind).sort();

    expect(kinds(await list('?status=failed'))).toEqual(['invitation']);
    expect(kinds(await list('?channel=sms'))).toEqual(['appointment_reminder']);
    expect(kinds(await list('?channel=email&status=sent'))).toEqual(['password_reset']);
    expect(kinds(await list('?search=password%20reset'))).toEqual(['password_reset']);
    expect(kinds(await list('?search=Reminder'))).toEqual(['appointment_reminder']);
    expect(kinds(await list('?search=appointment_reminder'))).toEqual(['appointment_reminder']);
    // `%` and `_` are letters here, not wildcards.
    expect((await list('?search=%25')).total).toBe(0);
    expect(kinds(await list('?status=all&channel=all'))).toHaveLength(3);

    const bad = await call('GET', '/api/deliveries?status=lost&channel=fax&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        status: 'Status must be one of: queued, sent, failed',
        channel: 'Channel must be one of: email, sms',
        page: 'Page must be a whole number from 1',
      },
    });
  });

  it('pages newest first', async () => {
    for (let n = 1; n <= 5; n += 1) {
      await insert({
        recipient: `client-${n}@mail.test`,
        createdAt: minutesAgo(10 - n),
      });
    }
    const first = await list('?limit=2');
    expect(first.total).toBe(5);
    expect(first.pagination).toEqual({ page: 1, limit: 2, pages: 3 });
    expect(first.deliveries.map((d) => d.recipient)).toEqual([
      'cl•••@mail.test',
      'cl•••@mail.test',
    ]);
    const times = async (query: string) =>
      (await list(query)).deliveries.map((d) => Date.parse(d.createdAt));
    const all = [...(await times('?limit=2')), ...(await times('?limit=2&page=2'))];
    all.push(...(await times('?limit=2&page=3')));
    expect(all).toHaveLength(5);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await list('?limit=2&page=4')).deliveries).toEqual([]);
  });

  it('sends a failed SMS again once the number is accepted, and audits the retry', async () => {
    refused.add('+254712000444');
    const id = await sendSms(ctx, '0712 000 444', 'appointment_reminder');
    const failed = await rowOf(id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBe('InvalidPhoneNumber (403)');

    refused.clear();
    const response = await retry(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: DELIVERY_MESSAGES.retried(
        'sms',
        DELIVERY_KIND_LABELS.appointment_reminder!,
        '+254 7•• ••• 444',
      ),
      delivery: expect.objectContaining({
        id,
        status: 'queued',
        recipient: '+254 7•• ••• 444',
        retriedAt: expect.any(String),
        failedAt: null,
      }),
    });
    await ctx.app.outbox.settle();

    const sent = await rowOf(id);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(sent.providerMessageId).toMatch(/^ATXid_/);
    expect(fake.requests.filter((r) => r.form.to === '+254712000444')).toHaveLength(2);
    const [shown] = (await list('?status=sent&channel=sms')).deliveries;
    expect(shown).toMatchObject({ id, status: 'sent', sentAt: expect.any(String) });

    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'delivery.retried'));
    expect(audit!.details).toEqual({
      deliveryId: id,
      channel: 'sms',
      kind: 'appointment_reminder',
      recipient: '+254 7•• ••• 444',
      reason: 'InvalidPhoneNumber (403)',
    });
    const log = (await call('GET', '/api/settings/audit-log?action=delivery.retried')).json();
    expect(log.entries).toHaveLength(1);
  });

  it('sends a failed email again', async () => {
    const id = await insert({
      kind: 'invitation',
      recipient: 'amani.otieno@mail.test',
      subject: 'You are invited to the client portal',
      body: 'Dear Amani, the firm has opened your account.',
      status: 'failed',
      sentAt: null,
      failedAt: new Date(),
      lastError: '421 Service not available',
    });
    ctx.mail.length = 0;
    expect((await retry(id)).statusCode).toBe(200);
    await ctx.app.outbox.settle();
    expect(ctx.mail).toEqual([
      expect.objectContaining({
        to: 'amani.otieno@mail.test',
        subject: 'You are invited to the client portal',
        text: 'Dear Amani, the firm has opened your account.',
      }),
    ]);
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('gives a retried message 24 hours from the retry, not from when it was written', async () => {
    gatewayDown.add('+254722000222');
    const id = await insert({
      channel: 'sms',
      kind: 'test_sms',
      recipient: '+254722000222',
      subject: null,
      body: 'Mwamba & Associates: a test message.',
      status: 'failed',
      attempts: 30,
      sentAt: null,
      failedAt: minutesAgo(24 * 60),
      lastError: 'HTTP 500',
      createdAt: minutesAgo(2 * 24 * 60),
    });
    expect((await retry(id)).statusCode).toBe(200);
    await ctx.app.outbox.settle();
    // The gateway still fails: written two days ago, the message is yet tried again later.
    const waiting = await rowOf(id);
    expect(waiting.status).toBe('queued');
    expect(waiting.attempts).toBe(31);
    expect(waiting.lastError).toMatch(/^HTTP 500/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(waiting.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);

    // 24 hours after the retry, a failure gives up.
    await ctx.app.db
      .update(deliveries)
      .set({ retriedAt: sql`now() - interval '24 hours 1 minute'`, nextAttemptAt: sql`now()` })
      .where(eq(deliveries.id, id));
    await ctx.app.outbox.dispatch(id);
    await ctx.app.outbox.settle();
    expect((await rowOf(id)).status).toBe('failed');
  });

  it('refuses a message that was sent or is still queued (409), an unknown one (404) and a bad id (400)', async () => {
    const sent = await insert();
    const queued = await insert({
      status: 'queued',
      sentAt: null,
      nextAttemptAt: minutesAgo(-10),
    });
    const sentAnswer = await retry(sent);
    expect(sentAnswer.statusCode).toBe(409);
    expect(sentAnswer.json()).toEqual({
      message: DELIVERY_MESSAGES.notFailed.sent,
      code: 'DELIVERY_NOT_FAILED',
    });
    const queuedAnswer = await retry(queued);
    expect(queuedAnswer.statusCode).toBe(409);
    expect(queuedAnswer.json().message).toBe(DELIVERY_MESSAGES.notFailed.queued);
    expect((await rowOf(sent)).status).toBe('sent');

    const unknown = await retry('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: DELIVERY_MESSAGES.notFound,
      code: 'DELIVERY_NOT_FOUND',
    });
    const bad = await retry('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ id: DELIVERY_MESSAGES.invalidId });
    expect(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'delivery.retried')),
    ).toHaveLength(0);
  });

  it('never sends again a message that held a one-time link', async () => {
    const id = await insert({
      kind: 'password_reset',
      subject: 'Reset your password',
      // Blanked when it failed, as the outbox does.
      body: '',
      isConfidential: true,
      status: 'failed',
      sentAt: null,
      failedAt: new Date(),
      lastError: '550 Mailbox does not exist',
    });
    const answer = await retry(id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message: DELIVERY_MESSAGES.confidential,
      code: 'DELIVERY_CONFIDENTIAL',
    });
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.retriedAt).toBeNull();
  });

  it('has a label for every kind the outbox sends', () => {
    for (const kind of DELIVERY_KINDS) expect(DELIVERY_KIND_LABELS[kind], kind).toBeDefined();
  });
});
