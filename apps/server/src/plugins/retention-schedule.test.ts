import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, contactMessages } from '../db/schema';
import { mailDirectory } from '../lib/mailer';
import type { PurgeResult } from '../modules/retention/retention.service';
import { insertContactMessage } from '../modules/contact-messages/contact-messages.repository';
import { createTestContext, type TestContext } from '../../test/helpers';
import { retentionSchedulePlugin, type RetentionScheduleOptions } from './retention-schedule';

const NOTHING: PurgeResult = {
  contactMessages: 0,
  visitorBookings: 0,
  notifications: 0,
  sessions: 0,
  passwordResetTokens: 0,
  mailFiles: 0,
};

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('retention schedule in the app', () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it('purges old messages and mail files shortly after start-up', async () => {
    const twoYearsAgo = new Date(Date.now() - 2 * 365 * 24 * 60 * 60 * 1000);
    let oldMail = '';
    ctx = await createTestContext(
      {},
      {
        retentionSchedule: { firstRunDelayMs: 0 },
        beforeReady: async (app) => {
          await insertContactMessage(app.db, {
            name: 'Old Visitor',
            email: 'old@example.test',
            subject: 'Two years ago',
            message: 'Hello',
            consentAt: twoYearsAgo,
            noticeVersion: '2026-11-01',
            createdAt: twoYearsAgo,
          });
          const mailDir = mailDirectory(app.config.dataDir);
          mkdirSync(mailDir, { recursive: true });
          oldMail = path.join(mailDir, 'old.eml');
          writeFileSync(oldMail, 'Subject: old');
          utimesSync(oldMail, twoYearsAgo, twoYearsAgo);
        },
      },
    );

    const audited = () =>
      ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.purged'));
    await waitFor(async () => (await audited()).length > 0);
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(existsSync(oldMail)).toBe(false);
    expect((await audited())[0]!.details.deleted).toMatchObject({
      contactMessages: 1,
      visitorBookings: 0,
      mailFiles: 1,
    });
  });
});

describe('retentionSchedulePlugin', () => {
  const logLines: { level: number; msg: string; job?: string; deleted?: PurgeResult }[] = [];

  async function startApp(options: RetentionScheduleOptions) {
    logLines.length = 0;
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(retentionSchedulePlugin, options);
    return app;
  }

  it('runs once the app is ready, then at every interval, and stops when it closes', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let runs = 0;
    const app = await startApp({
      firstRunDelayMs: 21,
      intervalMs: 23,
      purge: async () => {
        runs += 1;
        return { ...NOTHING, sessions: 2 };
      },
    });
    await sleep(60);
    expect(runs).toBe(0); // not before start-up is over

    await app.ready();
    await waitFor(() => runs >= 3);
    await app.close();
    const runsAtClose = runs;
    await sleep(80);
    expect(runs).toBe(runsAtClose);

    // Waiting for the next run never holds the process open (our timers: 21 and 23 ms).
    const ours = timers.mock.calls.flatMap((call, i) =>
      call[1] === 21 || call[1] === 23 ? [timers.mock.results[i]!.value as NodeJS.Timeout] : [],
    );
    timers.mockRestore();
    expect(ours.length).toBeGreaterThanOrEqual(3);
    expect(ours.every((timer) => !timer.hasRef())).toBe(true);

    const done = logLines.filter((line) => line.msg === 'retention purge done');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done[0]).toMatchObject({ level: 30, job: 'retention-purge', deleted: { sessions: 2 } });
  });

  it('logs a failed run as an error and tries again at the next interval', async () => {
    let runs = 0;
    const app = await startApp({
      firstRunDelayMs: 0,
      intervalMs: 20,
      purge: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database unavailable');
        return NOTHING;
      },
    });
    await app.ready();
    await waitFor(() => runs >= 2);
    await app.close();

    const failed = logLines.find((line) => line.level === 50);
    expect(failed).toMatchObject({
      msg: 'retention purge failed; the next run will try again',
      job: 'retention-purge',
    });
    expect(logLines.some((line) => line.msg === 'retention purge done')).toBe(true);
  });

  it('lets a run in flight finish before close resolves, and starts no other', async () => {
    let runs = 0;
    let finishRun = () => {};
    const app = await startApp({
      firstRunDelayMs: 0,
      intervalMs: 0,
      purge: () => {
        runs += 1;
        return new Promise<PurgeResult>((resolve) => {
          finishRun = () => resolve(NOTHING);
        });
      },
    });
    await app.ready();
    await waitFor(() => runs === 1);

    let isClosed = false;
    const closing = app.close().then(() => {
      isClosed = true;
    });
    await sleep(50);
    expect(isClosed).toBe(false);

    finishRun();
    await closing;
    await sleep(50);
    expect(runs).toBe(1);
  });
});
