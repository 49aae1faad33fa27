import { nextBackupAt } from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { useTwoInstances } from '../../../test/two-instances';
import { backupRuns, notifications } from '../../db/schema';
import { fakeEngine } from './backups-test-kit';
import { BackupRefusal } from './backups.service';

/**
 * Two server processes on one PostgreSQL database (ADR 039): backups started on both at once
 * become one (the running row is the claim), the nightly tick of both makes one run, and an
 * incident is told once. Embedded PGlite has one process, so this needs the PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('backups across two app instances on one database', () => {
  const engine = fakeEngine();
  const { apps, contextOf } = useTwoInstances(
    serverUrl!,
    'backups',
    { backups: { schedule: false, writeArchive: engine.write } },
    () => ({ BACKUP_PASSPHRASE: 'two instances passphrase' }),
  );
  const runs = () => contextOf(0).database.db.select().from(backupRuns);

  it('starts one backup of two asked for at once', async () => {
    engine.hold();
    const results = await Promise.allSettled(
      apps.map(({ app }) => app.backups.start({ trigger: 'command' })),
    );
    const started = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as BackupRefusal;
    expect(reason).toBeInstanceOf(BackupRefusal);
    expect(reason.reason).toBe('running');
    engine.release();
    await Promise.all(apps.map(({ app }) => app.backups.settle()));
    expect((await runs()).map((run) => run.status)).toEqual(['succeeded']);
    expect(engine.state.calls).toBe(1);
  });

  it('makes one nightly run of both processes’ ticks, and tells an incident once', async () => {
    await seedUser(contextOf(0), { role: 'advocate', email: 'owner@firm.test' });
    const at = new Date(nextBackupAt(2, new Date()).getTime() + 30_000);
    await Promise.all(apps.map(({ app }) => app.backups.tick(at)));
    await Promise.all(apps.map(({ app }) => app.backups.settle()));
    expect((await runs()).filter((run) => run.trigger === 'scheduled')).toHaveLength(1);
    expect(engine.state.calls).toBe(2);

    await contextOf(0).database.db.execute(
      sql`update backup_runs set started_at = started_at - interval '2 days',
            finished_at = finished_at - interval '2 days'`,
    );
    const now = new Date();
    await Promise.all(apps.map(({ app }) => app.backups.tick(now)));
    const told = await contextOf(0)
      .database.db.select()
      .from(notifications)
      .where(eq(notifications.kind, 'backup_overdue'));
    expect(told).toHaveLength(1);
  });
});
