import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../db/schema';
import { mailDirectory } from '../lib/mailer';
import type { PurgeResult } from '../modules/retention/retention.service';
import { insertContactMessage } from '../modules/contact-messages/contact-messages.repository';
import { createTestContext, type TestContext } from '../../test/helpers';
import { RETENTION_PURGE_CRON, type RetentionScheduleOptions } from './retention-schedule';

const NOTHING: PurgeResult = {
  contactMessages: 0,
  visitorBookings: 0,
  notifications: 0,
  sessions: 0,
  passwordResetTokens: 0,
  signInChallenges: 0,
  secureAccountTokens: 0,
  signInDevices: 0,
  mailFiles: 0,
  deliveries: 0,
  smsFiles: 0,
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

describe('the purge on the job queue', () => {
  const logLines: { level: number; msg: string; job?: string; deleted?: PurgeResult }[] = [];
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function startApp(options: RetentionScheduleOptions) {
    logLines.length = 0;
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    ctx = await createTestContext({}, { retentionSchedule: options, logStream });
    return ctx;
  }

  it('runs once the app is ready, and is scheduled daily at 03:30 Nairobi in the queue every process shares', async () => {
    let runs = 0;
    const own = await startApp({
      firstRunDelayMs: 0,
      purge: async () => {
        runs += 1;
        return { ...NOTHING, sessions: 2 };
      },
    });
    await waitFor(() => runs === 1);
    const done = logLines.filter((line) => line.msg === 'retention purge done');
    expect(done[0]).toMatchObject({ level: 30, job: 'retention-purge', deleted: { sessions: 2 } });
    // The schedule is a row of the job queue's, shared by every process on the database.
    const schedule = await own.database.executeSql(
      `select cron, options from pgboss.schedule where name = 'retention-purge'`,
      [],
    );
    expect(schedule.rows).toEqual([
      { cron: RETENTION_PURGE_CRON, options: expect.objectContaining({ tz: 'Africa/Nairobi' }) },
    ]);
  });

  it('logs a failed run as an error, and the next run tries again', async () => {
    let runs = 0;
    const own = await startApp({
      firstRunDelayMs: 0,
      purge: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database unavailable');
        return NOTHING;
      },
    });
    await waitFor(() => runs === 1 && logLines.some((line) => line.level === 50));
    expect(logLines.find((line) => line.level === 50)).toMatchObject({
      msg: 'retention purge failed; the next run will try again',
      job: 'retention-purge',
    });
    // The next tick of the schedule. Asked for while the failed run is still being recorded, it
    // waits for the worker's next poll (30 s) instead of its wake-up: either way it runs.
    await own.app.scheduledJobs.runNow('retention-purge');
    await waitFor(() => logLines.some((line) => line.msg === 'retention purge done'), 45_000);
    expect(runs).toBe(2);
  }, 60_000);

  it('lets a run in flight finish before close resolves, and starts no other', async () => {
    let runs = 0;
    let finishRun = () => {};
    const own = await startApp({
      firstRunDelayMs: 0,
      purge: () => {
        runs += 1;
        return new Promise<PurgeResult>((resolve) => {
          finishRun = () => resolve(NOTHING);
        });
      },
    });
    await waitFor(() => runs === 1);
    // A tick while the run is under way waits for it instead of running beside it.
    await own.app.scheduledJobs.runNow('retention-purge');
    await sleep(100);
    expect(runs).toBe(1);

    let isClosed = false;
    const closing = own.close().then(() => {
      isClosed = true;
    });
    ctx = undefined;
    await sleep(50);
    expect(isClosed).toBe(false);

    finishRun();
    await closing;
    expect(runs).toBe(1);
  });
});
