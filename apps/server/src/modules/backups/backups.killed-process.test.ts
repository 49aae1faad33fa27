import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKUP_MESSAGES } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTarget } from '../../../test/database-target';
import { emptyPostgresDatabase, TEST_PASSPHRASE } from '../../../test/backups';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { backupRuns } from '../../db/schema';

/**
 * A server process killed with SIGKILL in the middle of a backup (ADR 039): no shutdown, no chance
 * to record anything, its `.partial` archive left on disk and its run left `running`. The server
 * started again closes that run as interrupted, deletes the partial file, and the next backup
 * succeeds at once (on PostgreSQL too: the dead claimant was a process of this machine, so its
 * lease need not run out). A real child process with the real archive engine, frozen mid-write
 * (test/backup-freeze-child.ts), on the embedded database or on PostgreSQL.
 */

const target = postgresTarget();
const CHILD = path.resolve(import.meta.dirname, '../../../test/backup-freeze-child.ts');
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

describe('a server killed with SIGKILL during a backup', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-api-data-'));
  const backupDir = path.join(dataDir, 'backups');
  let databaseUrl: string | undefined;
  let scratch: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  let app: App | undefined;

  const env = () => ({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    BACKUP_PASSPHRASE: TEST_PASSPHRASE,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
  });

  beforeAll(async () => {
    if (!target) return;
    scratch = await emptyPostgresDatabase(target.url, 'backup_killed');
    databaseUrl = scratch.url;
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    await database?.close();
    await scratch?.drop();
  }, 60_000);

  it('closes the broken run at the next start, deletes its partial file, and backs up again', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: repositoryRoot,
      env: { ...process.env, ...env() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('FROZEN')) resolve();
      });
      child!.once('exit', (code) => reject(new Error(`the child ended (${code}): ${output}`)));
    });
    const partials = () => readdirSync(backupDir).filter((file) => file.includes('.partial'));
    expect(partials().length).toBeGreaterThan(0);
    expect(readdirSync(backupDir).filter((file) => file.endsWith('.backup'))).toEqual([]);

    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    child = undefined;

    // The server starts again (its start-up closes what the dead process left).
    database = await openDatabase({ dataDir, databaseUrl });
    app = await buildApp({
      config: loadConfig(env()),
      database,
      logger: false,
      retentionSchedule: false,
      appointmentReminders: false,
      messageNotices: false,
      storedFilesSweep: false,
      backups: { schedule: false },
    });
    await app.ready();
    const [broken] = await database.db.select().from(backupRuns);
    expect(broken).toMatchObject({ status: 'failed', error: BACKUP_MESSAGES.interrupted });
    expect(partials()).toEqual([]);

    const { finished } = await app.backups.start({ trigger: 'command' });
    const done = await finished;
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(existsSync(path.join(backupDir, done.fileName!))).toBe(true);
    expect(readdirSync(backupDir)).toEqual([done.fileName]);
    const runs = await database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, 'running'));
    expect(runs).toEqual([]);
  });
});
