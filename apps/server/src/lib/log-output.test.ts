import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, createTestContext, settleMail, type TestContext } from '../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../test/accounts';
import { loadConfig } from '../config';
import { chooseLogFormat, logStream } from './log-output';

describe('how the log is written: readable on a terminal, JSON elsewhere', () => {
  it('writes readable lines to a terminal and JSON to a pipe or a file unless LOG_FORMAT says', () => {
    expect(chooseLogFormat('auto', { isTTY: true })).toBe('pretty');
    expect(chooseLogFormat('auto', { isTTY: false })).toBe('json');
    // A pipe or a file: Node leaves isTTY undefined on those streams.
    expect(chooseLogFormat('auto', {})).toBe('json');
    expect(chooseLogFormat('json', { isTTY: true })).toBe('json');
    expect(chooseLogFormat('pretty', {})).toBe('pretty');
  });

  it('reads LOG_FORMAT as auto unless set, and names a wrong value', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'colour' })).toThrow(
      'LOG_FORMAT must be one of auto, pretty, json (got "colour")',
    );
  });

  it('leaves JSON to pino itself (no stream of its own)', () => {
    expect(logStream('json', captureLog().stream)).toBeUndefined();
  });
});

describe('the readable log keeps the same secrets out as the JSON one (ADR 023)', () => {
  let ctx: TestContext;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    log = captureLog();
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
      { logStream: logStream('pretty', log.stream), fileMailer: true },
    );
  });
  afterEach(() => ctx.close());

  it('shows a request as a line of words, with no query value, token or mail subject', async () => {
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    const token = await sessionFor(ctx, advocate);
    await ctx.app.inject({
      method: 'GET',
      url: '/api/user-management/users?search=Wanjiru%20Kamau&page=1',
      headers: bearer(token),
    });
    const sent = await ctx.app.inject({
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
    expect(sent.statusCode).toBe(201);
    // The mails go through the outbox after the answer (ADR 028).
    await settleMail(ctx);

    const text = log.text();
    // pino-pretty's layout: "[time] INFO: message", the fields indented below, not JSON lines.
    expect(text).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\] INFO: incoming request/m);
    expect(text).not.toMatch(/^\{/m);
    expect(text).toContain('/api/user-management/users?search=[REDACTED]&page=[REDACTED]');
    expect(text).toContain('mail written to file');
    expect(text).not.toContain(token);
    for (const typed of ['Wanjiru', 'Kamau', 'Custody', 'Imani', 'Mombasa', 'Achieng']) {
      expect(text).not.toContain(typed);
    }
  });
});
