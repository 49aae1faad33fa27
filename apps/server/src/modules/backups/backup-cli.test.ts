import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { BACKUP_CLI } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, TEST_PASSPHRASE } from '../../../test/backups';
import { TEST_WORK_FACTOR_VARIABLE } from './archive/passphrase-stanza';
import { postgresTarget } from '../../../test/database-target';
import { freePort } from '../../../test/outbox-fakes';

/**
 * `npm run backup` while the server runs (ADR 039), as real processes with the real engine: on
 * the embedded database it asks the running server through its local channel; on PostgreSQL it
 * claims the run itself. Two commands at once make one archive, and both say where it is.
 */

const target = postgresTarget();
const CLI = path.resolve(import.meta.dirname, '../../backup-cli.ts');
const SERVER = path.resolve(import.meta.dirname, '../../server.ts');
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

describe('npm run backup', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-api-data-'));
  let databaseUrl: string | undefined;
  let scratch: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let server: ChildProcess | undefined;

  const env = (extra: Record<string, string> = {}) => ({
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    BACKUP_PASSPHRASE: TEST_PASSPHRASE,
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    // The product's own work factor (ADR 052): an archive then takes long enough to write that the
    // second of two commands started together finds the first still at work, and joins it.
    [TEST_WORK_FACTOR_VARIABLE]: '',
    ...extra,
  });
  const backup = async (extra: Record<string, string> = {}) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI], {
        cwd: repositoryRoot,
        env: env(extra),
      });
      return { code: 0, stdout, stderr: '' };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  beforeAll(async () => {
    if (target) {
      scratch = await emptyPostgresDatabase(target.url, 'backup_cli');
      databaseUrl = scratch.url;
    }
    // The server runs throughout, holding the embedded database (or sharing PostgreSQL's).
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: repositoryRoot,
      env: env({ HOST: '127.0.0.1', PORT: String(port) }),
      stdio: 'ignore',
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      if (Date.now() > deadline) throw new Error('The server did not start');
      await sleep(200);
    }
  }, 120_000);

  afterAll(async () => {
    if (server) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await scratch?.drop();
  }, 60_000);

  it('refuses in one line without BACKUP_PASSPHRASE', async () => {
    const result = await backup({ BACKUP_PASSPHRASE: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${BACKUP_CLI.noPassphrase}\n`);
    expect(result.stdout).toBe('');
  });

  it('makes one archive of two commands run at once, and both say where it is', async () => {
    const [first, second] = await Promise.all([backup(), backup()]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const archives = readdirSync(path.join(dataDir, 'backups'));
    expect(archives).toHaveLength(1);
    const written = (output: string) => output.trim().split('\n').at(-1);
    const where = path.join(dataDir, 'backups', archives[0]!);
    expect(written(first.stdout)).toMatch(
      new RegExp(`^Backup written: ${where} \\(.+ MB, .+\\)\\.$`),
    );
    expect(written(second.stdout)).toBe(written(first.stdout));
    expect(`${first.stdout}${second.stdout}`).toContain(BACKUP_CLI.joined);
    if (!target) expect(first.stdout).toContain(BACKUP_CLI.viaServer);
  });
});
