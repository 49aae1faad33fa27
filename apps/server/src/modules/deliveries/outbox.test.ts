import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { freePort, startAfricasTalkingFake, startSmtpServer } from '../../../test/outbox-fakes';
import { queueDelivery, type NewDelivery } from './deliveries.repository';
import { DELIVERY_QUEUE, nextAttemptAfter } from './outbox';

const LONG_NAME = 'Wanjiru Nyambura-Kamau Achieng’ Odhiambo';

async function queue(ctx: TestContext, messages: NewDelivery[]): Promise<string[]> {
  const ids = await ctx.app.db.transaction(async (tx) => {
    const queued: string[] = [];
    for (const message of messages) queued.push(await queueDelivery(tx, message));
    return queued;
  });
  await ctx.app.outbox.dispatch(ids);
  return ids;
}

const rowsOf = (ctx: TestContext, ids: string[]) =>
  Promise.all(
    ids.map(async (id) => {
      const [row] = await ctx.app.db.select().from(deliveries).where(eq(deliveries.id, id));
      return row!;
    }),
  );

/** What a later attempt sees once the wait is over (the job queue keeps its own delay). */
async function makeDueNow(ctx: TestContext, ids: string[]) {
  for (const id of ids) {
    await ctx.app.db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(deliveries.id, id));
  }
  await ctx.app.outbox.dispatch(ids);
  await ctx.app.outbox.settle();
}

const mail = (n: number): NewDelivery => ({
  channel: 'email',
  kind: 'contact_auto_reply',
  to: `client-${n}@example.test`,
  subject: `We have received your message, ${LONG_NAME} (${n})`,
  text: `Dear ${LONG_NAME},\n\nThank you for writing to the firm (message ${n}).`,
});

describe('the retry schedule', () => {
  const created = new Date('2026-11-25T20:59:00Z'); // a minute before midnight in Nairobi

  it('tries again within 2 minutes, then doubles the wait up to an hour', () => {
    const after = (attempts: number, minutesLater: number) =>
      (nextAttemptAfter(
        attempts,
        created,
        new Date(created.getTime() + minutesLater * 60_000),
      ).getTime() -
        created.getTime()) /
        60_000 -
      minutesLater;
    expect(after(1, 0)).toBe(1);
    expect(after(2, 1)).toBe(2);
    expect(after(3, 3)).toBe(4);
    expect(after(8, 300)).toBe(60);
  });

  it('puts the last attempt on the 24th hour', () => {
    const late = new Date(created.getTime() + 23.5 * 60 * 60 * 1000);
    expect(nextAttemptAfter(20, created, late).getTime()).toBe(
      created.getTime() + 24 * 60 * 60 * 1000,
    );
  });
});

describe('mail through a real SMTP server', () => {
  let ctx: TestContext;
  let smtpPort: number;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  beforeAll(async () => {
    smtpPort = await freePort();
    ctx = await createTestContext(
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` },
      { fileMailer: true },
    );
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx.close();
  });

  it('keeps mail queued while the server is down and delivers each message once when it is up', async () => {
    const ids = await queue(ctx, [mail(1), mail(2), mail(3)]);
    await ctx.app.outbox.settle();

    const waiting = await rowsOf(ctx, ids);
    for (const row of waiting) {
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      const wait = row.nextAttemptAt.getTime() - row.updatedAt.getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(2 * 60_000);
    }

    smtp = await startSmtpServer(smtpPort);
    await makeDueNow(ctx, ids);
    // A second job for the same rows (a sweep, a duplicate) finds them sent and sends nothing.
    await ctx.app.outbox.dispatch(ids);
    await ctx.app.outbox.settle();

    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'client-1@example.test',
      'client-2@example.test',
      'client-3@example.test',
    ]);
    expect(smtp.received[0]!.raw).toMatch(/Thank you for writing to the firm \(message \d\)/);
    const sent = await rowsOf(ctx, ids);
    for (const row of sent) {
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeNull();
      // The SMTP server's queue id and its 250 reply, as it gave them.
      expect(row.providerMessageId).toMatch(/^Q\d{6}$/);
      expect(row.providerStatus).toBe(`250 Ok: queued as ${row.providerMessageId}`);
    }
  });

  it('marks a message failed at once, with the server’s reason, when the mailbox is refused', async () => {
    smtp ??= await startSmtpServer(smtpPort);
    smtp.refuse('nobody@example.test');
    const [id] = await queue(ctx, [{ ...mail(4), to: 'nobody@example.test' }]);
    await ctx.app.outbox.settle();
    const [row] = await rowsOf(ctx, [id!]);
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toMatch(/550.*Mailbox does not exist/);
  });

  it('gives up after 24 hours of trying, and blanks a message that held a secret link', async () => {
    await smtp?.close();
    smtp = undefined;
    const [id] = await queue(ctx, [
      {
        ...mail(5),
        kind: 'password_reset',
        text: 'Reset your password: http://portal.test/reset-password?token=secret',
        isConfidential: true,
      },
    ]);
    await ctx.app.outbox.settle();
    await ctx.app.db
      .update(deliveries)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(deliveries.id, id!));
    await makeDueNow(ctx, [id!]);
    const [row] = await rowsOf(ctx, [id!]);
    expect(row!.status).toBe('failed');
    expect(row!.attempts).toBe(2);
    expect(row!.failedAt).not.toBeNull();
    expect(row!.body).toBe('');
  });
});

describe('a burst', () => {
  it('is delivered batch after batch without waiting for the next poll', async () => {
    // A worker that polls every 5 minutes: only its own fetching can move a burst along.
    const own = await createTestContext({}, { outboxPollingIntervalSeconds: 300 });
    try {
      const ids = await own.app.db.transaction(async (tx) => {
        const written: string[] = [];
        for (let i = 0; i < 35; i += 1) written.push(await queueDelivery(tx, mail(100 + i)));
        return written;
      });
      // One job each, as 35 events' dispatches in other processes would leave them: nobody
      // wakes this worker for them.
      for (const id of ids) await own.app.jobQueue.send(DELIVERY_QUEUE, { deliveryIds: [id] });
      // One event here wakes it once.
      await own.app.outbox.dispatch(
        await own.app.db.transaction((tx) => queueDelivery(tx, mail(200))),
      );
      const deadline = Date.now() + 60_000;
      while (own.mail.length < 36 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(own.mail).toHaveLength(36);
    } finally {
      await own.close();
    }
  }, 90_000);
});

describe('the outbox row and the event share one transaction', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('writes nothing when the event rolls back', async () => {
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await queueDelivery(tx, mail(6));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const [{ count }] = (await ctx.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(deliveries)) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('delivers a row whose job was lost once the sweep finds it', async () => {
    const id = await ctx.app.db.transaction((tx) => queueDelivery(tx, mail(7)));
    // The process stopped before dispatching: no job exists, and minutes pass.
    await ctx.app.db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now() - interval '5 minutes'` })
      .where(eq(deliveries.id, id));
    expect(await ctx.app.outbox.sweep()).toBe(1);
    await ctx.app.outbox.settle();
    expect(ctx.mail.filter((m) => m.to === 'client-7@example.test')).toHaveLength(1);
    expect(await ctx.app.outbox.sweep()).toBe(0);
  });

  it('writes an SMS to DATA_DIR/sms without Africa’s Talking settings', async () => {
    await queue(ctx, [
      {
        channel: 'sms',
        kind: 'test_sms',
        to: '0712 345 678',
        text: 'Mwamba & Associates: your meeting is tomorrow at 9:00. Call 0712 345 678.',
      },
    ]);
    await ctx.app.outbox.settle();
    const dir = path.join(ctx.config.dataDir, 'sms');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(text).toContain('To: +254712345678');
    expect(text).toContain('your meeting is tomorrow at 9:00');
  });

  it('refuses an SMS to a number outside Kenya', async () => {
    await expect(
      ctx.app.db.transaction((tx) =>
        queueDelivery(tx, { channel: 'sms', kind: 'test_sms', to: '+44 20 7946 0958', text: 'x' }),
      ),
    ).rejects.toThrow(/Kenyan/);
  });
});

describe("SMS through Africa's Talking", () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
  let gatewayDown = true;
  const secret = 'callback-secret-0123456789';

  beforeAll(async () => {
    fake = await startAfricasTalkingFake((number) => {
      if (number === '+254733000111') return { statusCode: 403, status: 'InvalidPhoneNumber' };
      if (number === '+254722000222' && gatewayDown) return { httpStatus: 500 };
      if (number === '+254711000333') return { statusCode: 405, status: 'InsufficientBalance' };
      return {};
    });
    ctx = await createTestContext({
      AT_USERNAME: 'mwamba',
      AT_API_KEY: 'test-api-key',
      AT_SENDER_ID: 'MWAMBA',
      AT_BASE_URL: fake.url,
      AT_CALLBACK_SECRET: secret,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
  });

  const sms = (to: string): NewDelivery => ({
    channel: 'sms',
    kind: 'test_sms',
    to,
    text: 'Mwamba & Associates: reminder, your hearing at Milimani is tomorrow 9:00. 0712 345 678',
  });

  it('posts the documented form fields and stores the message id', async () => {
    const [id] = await queue(ctx, [sms('+254 712 345 678')]);
    await ctx.app.outbox.settle();
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/version1/messaging');
    expect(request.apiKey).toBe('test-api-key');
    expect(request.accept).toBe('application/json');
    expect(request.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(request.form).toEqual({
      username: 'mwamba',
      to: '+254712345678',
      message:
        'Mwamba & Associates: reminder, your hearing at Milimani is tomorrow 9:00. 0712 345 678',
      from: 'MWAMBA',
    });
    const [row] = await rowsOf(ctx, [id!]);
    expect(row!.status).toBe('sent');
    expect(row!.providerMessageId).toMatch(/^ATXid_/);
  });

  it('marks an invalid number failed with the provider’s status, and retries a refusal that may pass', async () => {
    const [invalid, broke] = await queue(ctx, [sms('0733 000 111'), sms('0711 000 333')]);
    await ctx.app.outbox.settle();
    const [invalidRow, brokeRow] = await rowsOf(ctx, [invalid!, broke!]);
    expect(invalidRow!.status).toBe('failed');
    expect(invalidRow!.lastError).toBe('InvalidPhoneNumber (403)');
    expect(brokeRow!.status).toBe('queued');
    expect(brokeRow!.lastError).toBe('InsufficientBalance (405)');
  });

  it('retries after the gateway’s server error and sends once when it recovers', async () => {
    const [id] = await queue(ctx, [sms('0722 000 222')]);
    await ctx.app.outbox.settle();
    expect((await rowsOf(ctx, [id!]))[0]!.lastError).toMatch(/^HTTP 500/);
    gatewayDown = false;
    await makeDueNow(ctx, [id!]);
    await ctx.app.outbox.dispatch([id!]);
    await ctx.app.outbox.settle();
    const sent = fake.requests.filter((r) => r.form.to === '+254722000222');
    expect(sent).toHaveLength(2); // the refused attempt, then the one that went
    const [row] = await rowsOf(ctx, [id!]);
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(2);
  });

  it('takes delivery reports at the secret address, once however often they come', async () => {
    const [delivered, lost] = await queue(ctx, [sms('0712 000 444'), sms('0712 000 555')]);
    await ctx.app.outbox.settle();
    const [deliveredRow, lostRow] = await rowsOf(ctx, [delivered!, lost!]);
    const report = (
      fields: Record<string, string>,
      path = `/api/deliveries/sms-reports/${secret}`,
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    const success = {
      id: deliveredRow!.providerMessageId!,
      status: 'Success',
      phoneNumber: '+254712000444',
      networkCode: '63902',
      retryCount: '0',
    };
    expect((await report(success)).statusCode).toBe(200);
    expect((await report(success)).statusCode).toBe(200);
    // A late, lesser report does not undo the final one.
    expect((await report({ ...success, status: 'Buffered' })).statusCode).toBe(200);
    const failure = {
      id: lostRow!.providerMessageId!,
      status: 'Failed',
      phoneNumber: '+254712000555',
      failureReason: 'UserInBlacklist',
    };
    expect((await report(failure)).statusCode).toBe(200);
    expect((await report(failure)).statusCode).toBe(200);

    const [afterDelivered, afterLost] = await rowsOf(ctx, [delivered!, lost!]);
    expect(afterDelivered!.status).toBe('sent');
    expect(afterDelivered!.providerStatus).toBe('Success');
    expect(afterLost!.status).toBe('failed');
    expect(afterLost!.providerStatus).toBe('Failed');
    expect(afterLost!.lastError).toBe('UserInBlacklist');

    expect(
      (await report(success, '/api/deliveries/sms-reports/wrong-secret-0123456789')).statusCode,
    ).toBe(404);
  });
});
