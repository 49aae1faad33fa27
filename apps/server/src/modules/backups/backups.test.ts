import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_MESSAGES, BACKUP_NOTICES, nextBackupAt } from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { auditLog, backupRuns, notifications } from '../../db/schema';
import { archiveName } from './backup-files';
import { diskFull, fakeEngine } from './backups-test-kit';

const PASSPHRASE = 'correct horse battery staple';

/** Backups started from System Settings and the schedule (ADR 039), with an engine double. */
describe('backups: claimed once, recorded, pruned, and told to the advocates', () => {
  let ctx: TestContext;
  const engine = fakeEngine();
  let advocate: { authorization: string };
  let advocateId: string;
  let adminId: string;

  beforeAll(async () => {
    ctx = await createTestContext(
      { BACKUP_PASSPHRASE: PASSPHRASE },
      { backups: { writeArchive: engine.write } },
    );
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@firm.test' });
    advocateId = owner.id;
    advocate = bearer(await sessionFor(ctx, owner));
    await seedUser(ctx, { role: 'advocate', email: 'partner@firm.test' });
    const admin = await seedUser(ctx, { role: 'admin', email: 'admin@firm.test' });
    adminId = admin.id;
  });
  afterAll(() => ctx.close());

  const dir = () => ctx.config.backupDir;
  const get = () =>
    ctx.app.inject({ method: 'GET', url: '/api/settings/backups', headers: advocate });
  const post = () =>
    ctx.app.inject({ method: 'POST', url: '/api/settings/backups', headers: advocate });
  const bell = (kind: string) =>
    ctx.database.db
      .select({ userId: notifications.userId, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.kind, kind as never));

  it('answers the schedule, where archives go and that the passphrase is set, never the passphrase', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      runs: [],
      lastSucceeded: null,
      running: null,
      schedule: { hour: 2 },
      directory: path.join(ctx.config.dataDir, 'backups'),
      passphraseSet: true,
    });
    // The next 02:00 in Nairobi is 23:00 UTC.
    expect(new Date(body.schedule.nextAt).getUTCHours()).toBe(23);
    expect(response.body).not.toContain(PASSPHRASE);
  });

  it('starts one backup at a time: a second request while it runs answers 409', async () => {
    engine.hold();
    const first = await post();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      message: BACKUP_MESSAGES.started,
      run: { status: 'running', trigger: 'settings' },
    });
    const second = await post();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: BACKUP_MESSAGES.alreadyRunning,
      code: 'BACKUP_RUNNING',
    });
    const during = (await get()).json();
    expect(during.running).toMatchObject({ id: first.json().run.id, status: 'running' });

    engine.release();
    await ctx.app.backups.settle();
    const after = (await get()).json();
    expect(after.running).toBeNull();
    expect(after.lastSucceeded).toMatchObject({
      id: first.json().run.id,
      status: 'succeeded',
      sizeBytes: 4096,
      startedBy: expect.stringMatching(/\S/),
    });
    const file = after.lastSucceeded.fileName as string;
    expect(readdirSync(dir())).toEqual([file]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backup.succeeded'));
    expect(audit).toMatchObject({ actorId: advocateId, details: { file, sizeBytes: 4096 } });
  });

  it('records a full disk as one line, leaves no file that looks complete, and tells each advocate once', async () => {
    engine.state.failWith = diskFull(dir());
    const before = readdirSync(dir());
    const response = await post();
    expect(response.statusCode).toBe(202);
    await ctx.app.backups.settle();
    engine.state.failWith = null;

    const run = (await get()).json().runs[0];
    expect(run).toMatchObject({ status: 'failed', sizeBytes: null });
    expect(run.error).toBe(`The disk is full: ${dir()} has no room left for the backup.`);
    expect(readdirSync(dir())).toEqual(before);

    const told = await bell('backup_failed');
    expect(told).toHaveLength(2);
    expect(told.map((row) => row.userId)).not.toContain(adminId);
    expect(told[0]!.message).toContain('The disk is full');
    await settleMail(ctx);
    const emails = ctx.mail.filter((mail) =>
      String(mail.subject).startsWith(BACKUP_NOTICES.failed.title),
    );
    expect(emails.map((mail) => mail.to).sort()).toEqual(['owner@firm.test', 'partner@firm.test']);
    expect(String(emails[0]!.text)).toContain('/system-settings?tab=backups');
  });

  it('closes a run whose process died (its lease lapsed) and deletes its partial file', async () => {
    const deadName = archiveName(new Date(Date.now() - 3_600_000));
    const [dead] = await ctx.database.db
      .insert(backupRuns)
      .values({
        trigger: 'command',
        fileName: deadName,
        claimedBy: 'another-machine:4242',
        leaseUntil: sql`now() - interval '1 minute'`,
      })
      .returning();
    writeFileSync(path.join(dir(), `${deadName}.partial`), 'half an archive');
    writeFileSync(path.join(dir(), `${deadName}.partial.pgdump`), 'half a dump');

    const response = await post();
    expect(response.statusCode).toBe(202);
    await ctx.app.backups.settle();
    const [closed] = await ctx.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.id, dead!.id));
    expect(closed).toMatchObject({ status: 'failed', error: BACKUP_MESSAGES.interrupted });
    expect(readdirSync(dir()).filter((name) => name.includes('.partial'))).toEqual([]);
    expect((await get()).json().runs[0]).toMatchObject({ status: 'succeeded' });
  });

  it('keeps a running run whose lease holds: the request answers 409', async () => {
    const [live] = await ctx.database.db
      .insert(backupRuns)
      .values({
        trigger: 'command',
        fileName: archiveName(new Date()),
        claimedBy: 'another-machine:4242',
        leaseUntil: sql`now() + interval '1 minute'`,
      })
      .returning();
    expect((await post()).statusCode).toBe(409);
    await ctx.database.db.delete(backupRuns).where(eq(backupRuns.id, live!.id));
  });

  it('keeps 7 daily, 4 weekly and 12 monthly archives, and leaves other files alone', async () => {
    const now = Date.now();
    for (let night = 1; night <= 60; night += 1) {
      writeFileSync(path.join(dir(), archiveName(new Date(now - night * 86_400_000))), 'old');
    }
    writeFileSync(path.join(dir(), 'notes.txt'), 'the operator’s own file');
    expect((await post()).statusCode).toBe(202);
    await ctx.app.backups.settle();
    const left = readdirSync(dir());
    expect(left).toContain('notes.txt');
    const archives = left.filter((name) => name.endsWith('.backup'));
    // 7 days, then the older weeks and months the days do not cover: never more than 7 + 4 + 12.
    expect(archives.length).toBeGreaterThanOrEqual(7 + 2);
    expect(archives.length).toBeLessThanOrEqual(7 + 4 + 3);
    expect(archives).not.toContain(archiveName(new Date(now - 59 * 86_400_000)));
  });

  it('moves the nightly hour (audited), and refuses an hour that is not one', async () => {
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/backups/schedule',
      headers: advocate,
      payload: { hour: 24 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ hour: 'Choose an hour from 00 to 23' });
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/backups/schedule',
      headers: advocate,
      payload: { hour: 4 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().schedule.hour).toBe(4);
    // Saving the firm settings (a form without the hour) keeps it.
    const firm = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: advocate,
    });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/firm',
      headers: advocate,
      payload: firm.json().settings,
    });
    expect(saved.statusCode).toBe(200);
    expect((await get()).json().schedule.hour).toBe(4);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backup.schedule_changed'));
    expect(audit).toMatchObject({ actorId: advocateId, details: { hour: 4, from: 2 } });
  });

  it('runs the nightly backup once in its hour, on the hourly tick', async () => {
    const calls = engine.state.calls;
    // The next 04:00 in Nairobi (the hour was moved to 4 above), then later in that hour and after.
    const atFour = nextBackupAt(4, new Date()).getTime();
    await ctx.app.backups.tick(new Date(atFour + 30_000));
    await ctx.app.backups.tick(new Date(atFour + 40 * 60_000));
    await ctx.app.backups.tick(new Date(atFour + 60 * 60_000));
    expect(engine.state.calls).toBe(calls + 1);
    expect((await get()).json().runs[0]).toMatchObject({
      trigger: 'scheduled',
      status: 'succeeded',
    });
  });

  it('tells the advocates once when no backup has succeeded for 26 hours', async () => {
    await ctx.database.db.execute(
      sql`update backup_runs set started_at = started_at - interval '30 hours',
            finished_at = finished_at - interval '30 hours'`,
    );
    // The ticks below (now, +1 h, +2 h) stay out of the nightly hour (04:00 Nairobi, set above),
    // where a tick would run the backup and end the incident before it was told.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Africa/Nairobi',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const now = new Date(Date.now() + ([2, 3, 4].includes(hour) ? 3 * 3_600_000 : 0));
    await ctx.app.backups.tick(now);
    await ctx.app.backups.tick(new Date(now.getTime() + 3_600_000));
    const told = await bell('backup_overdue');
    expect(told).toHaveLength(2);
    expect(told[0]!.message).toContain('more than 26 hours');
    // A good backup ends the incident; a new stretch of 26 hours is a new one.
    expect((await post()).statusCode).toBe(202);
    await ctx.app.backups.settle();
    await ctx.app.backups.tick(new Date(now.getTime() + 2 * 3_600_000));
    expect(await bell('backup_overdue')).toHaveLength(2);
  });
});

describe('backups without BACKUP_PASSPHRASE', () => {
  let ctx: TestContext;
  const engine = fakeEngine();
  let advocate: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({}, { backups: { writeArchive: engine.write } });
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@firm.test' });
    advocate = bearer(await sessionFor(ctx, owner));
  });
  afterAll(() => ctx.close());

  it('refuses Back up now with the reason, and makes no file', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/backups',
      headers: advocate,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: BACKUP_MESSAGES.noPassphrase,
      code: 'BACKUP_PASSPHRASE_MISSING',
    });
    expect(engine.state.calls).toBe(0);
    expect(existsSync(ctx.config.backupDir)).toBe(false);
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/backups',
      headers: advocate,
    });
    expect(answer.json()).toMatchObject({ passphraseSet: false, runs: [] });
  });

  it('records the nightly run as failed and tells the advocates it cannot run, once', async () => {
    // 02:00 in Nairobi.
    await ctx.app.backups.tick(new Date('2030-03-04T23:00:10Z'));
    await ctx.app.backups.tick(new Date('2030-03-04T23:30:00Z'));
    const runs = await ctx.database.db.select().from(backupRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'scheduled',
      status: 'failed',
      error: BACKUP_MESSAGES.noPassphrase,
      fileName: null,
    });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'backup_failed'));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('BACKUP_PASSPHRASE is not set');
    expect(engine.state.calls).toBe(0);
  });
});
