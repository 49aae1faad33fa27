import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import tar from 'tar-stream';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../../test/accounts';
import {
  archiveFolder,
  backUpToTestArchive,
  removeArchiveFolders,
  emptyPostgresDatabase,
  postgresServerUrl,
  TEST_PASSPHRASE,
} from '../../../../test/backups';
import { seedCase, seedDocument } from '../../../../test/cases';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { readEncryptedFile, writeEncryptedFile } from './envelope';
import { restoreBackupArchive } from './index';
import { readAll, walkArchive } from './read';

/** Restore's refusals (ADR 039): each one line, and the target left as it was. */

let ctx: TestContext;
let archive: string;
let documentId: string;

/** The archive re-made with `edit` applied to its entries: a forged or tampered backup. */
async function forged(edit: (name: string, bytes: Buffer) => Buffer): Promise<string> {
  const entries: [string, Buffer][] = [];
  await readEncryptedFile({ file: archive, passphrase: TEST_PASSPHRASE }, (plain) =>
    walkArchive(plain, async (name, body) => {
      entries.push([name, await readAll(body)]);
    }),
  );
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name }, edit(name, bytes));
  pack.finalize();
  const file = path.join(archiveFolder(), 'forged.backup');
  await writeEncryptedFile({ source: pack, file, passphrase: TEST_PASSPHRASE });
  return file;
}

const editJson = (bytes: Buffer, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  change(json);
  return Buffer.from(JSON.stringify(json));
};

const freshTarget = () => {
  const root = archiveFolder();
  return { root, dataDir: path.join(root, 'data') };
};

beforeAll(async () => {
  ctx = await createTestContext();
  const client = await seedUser(ctx, { role: 'client', email: 'kemunto.moraa@example.test' });
  const kase = await seedCase(ctx, client.id);
  documentId = (await seedDocument(ctx, kase.id)).id;
  archive = await backUpToTestArchive(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await removeArchiveFolders();
});

describe('restoreBackupArchive refuses', { timeout: 180_000 }, () => {
  it('a data directory or documents folder that holds data, touching nothing', async () => {
    for (const holding of ['pgdata', 'two-factor-key', 'advocate-super-key']) {
      const { dataDir } = freshTarget();
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, holding), 'kept');
      await expect(
        restoreBackupArchive({ file: archive, passphrase: TEST_PASSPHRASE, target: { dataDir } }),
      ).rejects.toThrow(TEXTS.targetDataDirNotEmpty(dataDir));
      expect(readdirSync(dataDir)).toEqual([holding]);
    }
    const { root, dataDir } = freshTarget();
    const documentsDir = path.join(root, 'shared-documents');
    mkdirSync(documentsDir);
    writeFileSync(path.join(documentsDir, 'contract.pdf'), 'kept');
    await expect(
      restoreBackupArchive({
        file: archive,
        passphrase: TEST_PASSPHRASE,
        target: { dataDir, documentsDir },
      }),
    ).rejects.toThrow(TEXTS.targetDocumentsNotEmpty(documentsDir));
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a wrong passphrase and a damaged archive, leaving no target behind', async () => {
    const { dataDir } = freshTarget();
    await expect(
      restoreBackupArchive({
        file: archive,
        passphrase: 'another passphrase',
        target: { dataDir },
      }),
    ).rejects.toThrow(TEXTS.wrongPassphrase);
    expect(existsSync(dataDir)).toBe(false);

    // A byte changed near the end: the database and files are in before the damage is met.
    const bytes = readFileSync(archive);
    bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0x40;
    const damaged = path.join(archiveFolder(), 'damaged.backup');
    writeFileSync(damaged, bytes);
    await expect(
      restoreBackupArchive({ file: damaged, passphrase: TEST_PASSPHRASE, target: { dataDir } }),
    ).rejects.toThrow(TEXTS.damaged(damaged));
    expect(existsSync(dataDir)).toBe(false);
  });

  it('an archive whose row counts or file bytes are not its manifest’s, removing what it wrote', async () => {
    const wrongCount = await forged((name, bytes) =>
      name === 'manifest.json'
        ? editJson(bytes, (manifest) => {
            (manifest.database as { tables: Record<string, number> }).tables.users = 2;
          })
        : bytes,
    );
    const { dataDir } = freshTarget();
    await expect(
      restoreBackupArchive({ file: wrongCount, passphrase: TEST_PASSPHRASE, target: { dataDir } }),
    ).rejects.toThrow(TEXTS.rowCountMismatch('users', 2, 1));
    expect(existsSync(dataDir)).toBe(false);

    const wrongBytes = await forged((name, bytes) =>
      name === `files/documents/${documentId}`
        ? Buffer.from(bytes.toString().replace('PDF', 'FDP'))
        : bytes,
    );
    await expect(
      restoreBackupArchive({ file: wrongBytes, passphrase: TEST_PASSPHRASE, target: { dataDir } }),
    ).rejects.toThrow(TEXTS.checksumMismatch(`files/documents/${documentId}`));
    expect(existsSync(dataDir)).toBe(false);
  });

  it('an archive of a schema newer than this app knows', async () => {
    const future = await forged((name, bytes) =>
      name === 'database/layout.json' || name === 'manifest.json'
        ? editJson(bytes, (json) => {
            json.schemaVersion = '0999_from_a_later_version';
          })
        : bytes,
    );
    const { dataDir } = freshTarget();
    await expect(
      restoreBackupArchive({ file: future, passphrase: TEST_PASSPHRASE, target: { dataDir } }),
    ).rejects.toThrow(TEXTS.schemaNewer('0999_from_a_later_version'));
    expect(existsSync(dataDir)).toBe(false);
  });

  it.runIf(postgresServerUrl)(
    'a PostgreSQL database that holds a table, and leaves an empty one empty when it fails',
    async () => {
      const database = await emptyPostgresDatabase(postgresServerUrl!, 'refuse');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const tables = async () =>
        (
          await client.query<{ name: string }>(
            `select tablename as name from pg_tables
              where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
          )
        ).rows.map((row) => row.name);
      try {
        const wrongCount = await forged((name, bytes) =>
          name === 'manifest.json'
            ? editJson(bytes, (manifest) => {
                (manifest.database as { tables: Record<string, number> }).tables.cases = 7;
              })
            : bytes,
        );
        const { dataDir } = freshTarget();
        const target = { dataDir, databaseUrl: database.url };
        await expect(
          restoreBackupArchive({ file: wrongCount, passphrase: TEST_PASSPHRASE, target }),
        ).rejects.toThrow(TEXTS.rowCountMismatch('cases', 7, 1));
        expect(await tables()).toEqual([]);
        expect(existsSync(path.join(dataDir, 'documents', documentId))).toBe(false);

        await client.query('create table ledger (id int)');
        await expect(
          restoreBackupArchive({ file: archive, passphrase: TEST_PASSPHRASE, target }),
        ).rejects.toThrow(TEXTS.targetDatabaseNotEmpty(database.name));
        expect(await tables()).toEqual(['ledger']);
      } finally {
        await client.end();
        await database.drop();
      }
    },
  );
});
