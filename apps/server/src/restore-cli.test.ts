import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test/accounts';
import {
  archiveFolder,
  backUpToTestArchive,
  removeArchiveFolders,
  TEST_PASSPHRASE,
} from '../test/backups';
import { createTestContext, type TestContext } from '../test/helpers';

/** `npm run restore -- <archive>` as an operator runs it: its lines and its exit code. */

const CLI = path.resolve(import.meta.dirname, 'restore-cli.ts');

async function restore(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      {
        env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env },
        timeout: 120_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let ctx: TestContext;
let archive: string;

let rowsBackedUp = 0;

/** Every row of the app's tables in the database backed up. */
async function countRows(context: TestContext): Promise<number> {
  const { rows } = await context.database.executeSql(
    `select tablename from pg_tables where schemaname = 'public'`,
  );
  let total = 0;
  for (const { tablename } of rows as { tablename: string }[]) {
    const counted = await context.database.executeSql(
      `select count(*)::int as n from "${tablename}"`,
    );
    total += (counted.rows[0] as { n: number }).n;
  }
  return total;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedUser(ctx, { role: 'client', email: 'waithera.njeri@example.test' });
  archive = await backUpToTestArchive(ctx);
  rowsBackedUp = await countRows(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await removeArchiveFolders();
});

describe('npm run restore', { timeout: 150_000 }, () => {
  it('says how it is used, and refuses without a passphrase, in one line each', async () => {
    const dataDir = path.join(archiveFolder(), 'data');
    const usage = await restore([], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: TEST_PASSPHRASE });
    expect(usage).toMatchObject({ code: 2, stdout: '', stderr: `${TEXTS.restoreUsage}\n` });
    const bare = await restore([archive], { DATA_DIR: dataDir });
    expect(bare).toMatchObject({ code: 1, stdout: '', stderr: `${TEXTS.passphraseMissing}\n` });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a data directory that holds data, in one line', async () => {
    const dataDir = path.join(archiveFolder(), 'data');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'two-factor-key'), 'kept');
    const refused = await restore([archive], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: TEST_PASSPHRASE,
    });
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${TEXTS.targetDataDirNotEmpty(dataDir)}\n`,
    });
  });

  it('restores into an empty data directory and says what it restored, never the passphrase', async () => {
    const dataDir = path.join(archiveFolder(), 'data');
    const restored = await restore([archive], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: TEST_PASSPHRASE,
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the backup made .* into the embedded database:$/m);
    // The client, and the lists the migrations write (time activities, limitation periods).
    expect(rowsBackedUp).toBeGreaterThan(1);
    expect(restored.stdout).toMatch(
      new RegExp(`database: \\d+ tables, ${rowsBackedUp} rows, every count as in the manifest`),
    );
    expect(restored.stdout).toContain('keys: two-factor-key');
    expect(restored.stdout).not.toContain(TEST_PASSPHRASE);
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  });
});
