import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, createTestContext, settleMail, type TestContext } from '../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../test/accounts';
import { SECRET_PATH_PARAMS, redactUrl } from './log';

describe('what reaches the log', () => {
  let ctx: TestContext;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    log = captureLog();
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
      { logStream: log.stream },
    );
  });
  afterEach(() => ctx.close());

  /** Makes every later insert into `table` fail inside the database, as a real fault would. */
  const breakInserts = (table: 'contact_messages' | 'users') =>
    ctx.database.db.execute(
      sql.raw(`alter table ${table} add constraint wt_test_reject check (false) not valid`),
    );

  it('a failed insert of a contact message is logged with its SQL state, not the message', async () => {
    await breakInserts('contact_messages');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        phone: '0712 345 678',
        subject: 'Land title transfer',
        message: 'My brother forged the title deed in Kiambu',
        consent: true,
      },
    });
    expect(response.statusCode).toBe(500);
    const text = log.text();
    expect(text).toContain('request failed');
    expect(text).toContain('23514'); // check_violation: what a person fixing it needs
    for (const secret of ['Achieng', '254712345678', 'forged the title', 'Land title']) {
      expect(text).not.toContain(secret);
    }
  });

  it('a failed insert of an account is logged without its password hash or details', async () => {
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    const token = await sessionFor(ctx, advocate);
    await breakInserts('users');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-client',
      headers: bearer(token),
      payload: { firstName: 'Kariuki', lastName: 'Njoroge', email: 'kariuki@example.test' },
    });
    expect(response.statusCode).toBe(500);
    const text = log.text();
    expect(text).toContain('request failed');
    for (const secret of ['$argon2', 'Kariuki', 'kariuki@example.test']) {
      expect(text).not.toContain(secret);
    }
  });

  it('the token of a reset link is never logged, on the page or the API call', async () => {
    const secretToken = 'Zm9vYmFyLXNlY3JldC10b2tlbi12YWx1ZQ';
    await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${secretToken}` });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${secretToken}`,
      payload: { token: secretToken, password: 'N3wPassword-long' },
    });
    const text = log.text();
    expect(text).toContain('/reset-password?token=[REDACTED]');
    expect(text).not.toContain(secretToken);
  });
});

describe('what people typed stays out of the log', () => {
  let ctx: TestContext;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    log = captureLog();
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
      { logStream: log.stream, fileMailer: true },
    );
  });
  afterEach(() => ctx.close());

  it('logs request URLs with the names of query parameters and none of their values', async () => {
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    const token = await sessionFor(ctx, advocate);
    const searches = [
      `/api/user-management/users?search=Wanjiru%20Kamau&page=1`,
      `/api/clients?search=Njeri+Mwangi`,
      `/api/no-such-endpoint?search=Otieno`,
      `/resources?q=divorce+Kiambu`,
      `/api/enquiries?status=Kipchoge`,
    ];
    for (const url of searches) {
      await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    }
    const text = log.text();
    expect(text).toContain('/api/user-management/users?search=[REDACTED]&page=[REDACTED]');
    expect(text).toContain('/resources?q=[REDACTED]');
    for (const typed of ['Wanjiru', 'Njeri', 'Mwangi', 'Otieno', 'divorce', 'Kiambu', 'Kipchoge']) {
      expect(text).not.toContain(typed);
    }
  });

  it('logs that a mail went, never its subject', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject: 'Custody of my daughter Imani',
        message: 'My former husband took our daughter to Mombasa.',
        consent: true,
      },
    });
    expect(response.statusCode).toBe(201);
    // The mails go through the outbox after the answer (ADR 028).
    await settleMail(ctx);
    const text = log.text();
    expect(text).toContain('mail written to file');
    for (const typed of ['Custody', 'Imani', 'Mombasa', 'Achieng', 'achieng@example.co.ke']) {
      expect(text).not.toContain(typed);
    }
  });
});

describe('redactUrl', () => {
  it('hides the value of every query parameter and keeps the names and the path', () => {
    expect(redactUrl('/reset-password?token=abc&ref=mail')).toBe(
      '/reset-password?token=[REDACTED]&ref=[REDACTED]',
    );
    expect(redactUrl('/api/users?search=Wanjiru%20Kamau&flag&page=2')).toBe(
      '/api/users?search=[REDACTED]&flag&page=[REDACTED]',
    );
    expect(redactUrl('/x?resetToken=a&superKey=b&password=c')).toBe(
      '/x?resetToken=[REDACTED]&superKey=[REDACTED]&password=[REDACTED]',
    );
    expect(redactUrl('/about')).toBe('/about');
  });
});

/**
 * Secrets in a path: every M-Pesa callback logged its secret address, every SMS delivery report
 * its, and every calendar-feed read the feed's token; whoever reads the log could forge payments
 * or read an advocate's diary. They are redacted however the path writes them.
 */
describe('secrets in a path', () => {
  const MPESA_SECRET = 'mpesa-callback-secret-0123456789abcdef';
  const SMS_SECRET = 'sms-callback-secret-0123456789abcdef';
  let ctx: TestContext;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    log = captureLog();
    ctx = await createTestContext(
      {
        MPESA_BASE_URL: 'http://127.0.0.1:9',
        MPESA_CONSUMER_KEY: 'consumer-key',
        MPESA_CONSUMER_SECRET: 'consumer-secret',
        MPESA_SHORTCODE: '174379',
        MPESA_PASSKEY: 'passkey',
        MPESA_CALLBACK_SECRET: MPESA_SECRET,
        AT_USERNAME: 'mwamba',
        AT_API_KEY: 'test-api-key',
        AT_SENDER_ID: 'MWAMBA',
        AT_BASE_URL: 'http://127.0.0.1:9',
        AT_CALLBACK_SECRET: SMS_SECRET,
      },
      { logStream: log.stream },
    );
  });
  afterEach(() => ctx.close());

  it('never reach the log: M-Pesa callbacks, SMS delivery reports, calendar feeds', async () => {
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'otieno.wafula@mwamba.test' });
    const feed = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/calendar-feed',
      headers: bearer(await sessionFor(ctx, advocate)),
    });
    expect(feed.statusCode).toBe(200);
    const feedPath = new URL((feed.json() as { url: string }).url).pathname;
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(feedPath)![1]!;

    const encode = (secret: string) =>
      secret.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
    const requests = [
      { method: 'POST', url: `/api/mpesa/callback/${MPESA_SECRET}`, payload: {} },
      { method: 'POST', url: `/api/mpesa/callback/${encode(MPESA_SECRET)}?x=1`, payload: {} },
      { method: 'POST', url: `/api/deliveries/sms-reports/${SMS_SECRET}`, payload: {} },
      { method: 'POST', url: `/api/deliveries/sms-reports/${encode(SMS_SECRET)}`, payload: {} },
      { method: 'GET', url: feedPath },
      { method: 'GET', url: `/api/calendar/${encode(token)}.ics` },
    ] as const;
    for (const request of requests) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    await ctx.app.backgroundTasks.drain();
    const text = log.text();
    expect(text).toContain('/api/mpesa/callback/[REDACTED]');
    expect(text).toContain('/api/deliveries/sms-reports/[REDACTED]');
    expect(text).toContain('/api/calendar/[REDACTED]');
    for (const secret of [MPESA_SECRET, SMS_SECRET, token]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encode(secret).slice(0, 12));
      expect(text).not.toContain(secret.slice(4));
    }
  });

  it('every path parameter of every route is an id, a kind, or a secret the log redacts', () => {
    const params = new Set(
      [...ctx.app.printRoutes({ commonPrefix: false }).matchAll(/:(\w+)/g)].map((m) => m[1]!),
    );
    // A practice year and a pack's part (journal.csv …) are no secret either (ADR 045).
    const notSecret = [
      'id',
      'docId',
      'noteId',
      'attachmentId',
      'kind',
      'clientId',
      'accountId',
      'month',
      'year',
      'part',
      // A firm holiday's day (DELETE /settings/holidays/{day}, ADR 051).
      'day',
    ];
    for (const param of params) {
      expect([...notSecret, ...SECRET_PATH_PARAMS], param).toContain(param);
    }
    expect([...params]).toEqual(expect.arrayContaining([...SECRET_PATH_PARAMS]));
  });
});
