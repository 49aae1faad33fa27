import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { readEncryptedFile } from './envelope';
import { BackupError, firstLine } from './errors';
import { ARCHIVE_PATHS, quoteIdent, type DatabaseLayout } from './layout';
import type { BackupManifest } from './manifest';
import { parseManifest, readAll, walkArchive } from './read';
import {
  assertKnownVersion,
  clearMigrationRows,
  deferConstraints,
  loadPostgresDump,
  loadTableCopy,
  migrateToVersion,
  setSequences,
} from './restore-database';
import {
  assertEmptyTarget,
  openTarget,
  type OpenTarget,
  type RestoreTarget,
  type TargetSession,
} from './restore-target';
import type { WrittenEntry } from './tar-entries';

export type { RestoreTarget };

/** What a restore brought back (printed by `npm run restore`). */
export interface RestoreReport {
  createdAt: string;
  schemaVersion: string;
  /** The database the archive was made on, and the one it was restored into. */
  from: 'pglite' | 'postgres';
  to: 'pglite' | 'postgres';
  tables: Record<string, number>;
  rows: number;
  files: number;
  fileBytes: number;
  keys: string[];
}

const DOCUMENT_ENTRY =
  /^files\/documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const KEY_ENTRY = /^keys\/(two-factor-key|advocate-super-key)$/;

const hashed = (name: string, bytes: Buffer): WrittenEntry => ({
  path: name,
  bytes: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** Writes one stored file, hashing it on the way; refuses to write over anything. */
async function restoreFile(body: AsyncIterable<unknown>, name: string, target: string) {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    body,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  return { path: name, bytes, sha256: hash.digest('hex') };
}

/** Every entry as the manifest lists it, and every table's rows as counted in the snapshot. */
async function verify(
  session: TargetSession,
  manifest: BackupManifest,
  seen: Map<string, WrittenEntry>,
) {
  for (const expected of manifest.files) {
    const actual = seen.get(expected.path);
    if (!actual) throw new BackupError(TEXTS.entryMissing(expected.path));
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      throw new BackupError(TEXTS.checksumMismatch(expected.path));
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.path));
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupError(TEXTS.entryUnexpected(name));
  }
  for (const [table, expected] of Object.entries(manifest.database.tables)) {
    const [row] = await session.query<{ rows: number }>(
      `select count(*)::int as rows from ${quoteIdent(table)}`,
    );
    if (Number(row?.rows) !== expected) {
      throw new BackupError(TEXTS.rowCountMismatch(table, expected, Number(row?.rows)));
    }
  }
}

/**
 * Restores an archive into an empty target (ADR 039): refuses one that holds data, migrates the
 * new database to the archive's schema version and loads its rows in one transaction, writes the
 * stored files and keys, and commits only once every SHA-256 and row count matches the manifest.
 * On any failure nothing it wrote is left.
 */
export async function restoreBackupArchive(options: {
  file: string;
  passphrase: string;
  target: RestoreTarget;
}): Promise<RestoreReport> {
  if (!options.passphrase) throw new BackupError(TEXTS.passphraseMissing);
  const target = {
    ...options.target,
    dataDir: path.resolve(options.target.dataDir),
  };
  const documentsDir = path.resolve(target.documentsDir ?? path.join(target.dataDir, 'documents'));
  await assertEmptyTarget(target, documentsDir);
  const madeDataDir = !existsSync(target.dataDir);
  const scratch = await mkdtemp(path.join(tmpdir(), 'firm-restore-'));
  const written: string[] = [];
  let madeDocumentsDir = false;
  try {
    // The passphrase is proven (the archive's header opened) before the target is touched.
    return await readEncryptedFile(options, async (plain) => {
      // Opened once the archive's schema version is known to this app, never before.
      let session: OpenTarget | undefined;
      try {
        const seen = new Map<string, WrittenEntry>();
        let layout: DatabaseLayout | undefined;
        let manifest: BackupManifest | undefined;
        const keys: { name: string; bytes: Buffer }[] = [];
        let files = 0;
        let fileBytes = 0;
        await walkArchive(plain, async (name, body) => {
          if (seen.has(name) || manifest) throw new BackupError(TEXTS.entryUnexpected(name));
          if (name === ARCHIVE_PATHS.manifest) {
            manifest = parseManifest(await readAll(body), options.file);
            return;
          }
          if (name === ARCHIVE_PATHS.layout) {
            const bytes = await readAll(body);
            seen.set(name, hashed(name, bytes));
            layout = JSON.parse(bytes.toString('utf8')) as DatabaseLayout;
            assertKnownVersion(layout.schemaVersion);
            session = await openTarget(target);
            await migrateToVersion(session, layout.schemaVersion);
            await deferConstraints(session);
            await clearMigrationRows(session, layout);
            return;
          }
          if (!layout || !session) throw new BackupError(TEXTS.entryUnexpected(name));
          const table = ARCHIVE_PATHS.tableCopyPattern.exec(name);
          if (table) {
            const bytes = await readAll(body);
            seen.set(name, hashed(name, bytes));
            await loadTableCopy(session, layout, table[1]!, bytes);
            return;
          }
          if (name === ARCHIVE_PATHS.postgresDump) {
            const dumpFile = path.join(scratch, 'postgres.dump');
            seen.set(name, await restoreFile(body, name, dumpFile));
            await loadPostgresDump(session, dumpFile);
            await rm(dumpFile, { force: true });
            return;
          }
          const key = KEY_ENTRY.exec(name);
          if (key) {
            const bytes = await readAll(body);
            seen.set(name, hashed(name, bytes));
            keys.push({ name: key[1]!, bytes });
            return;
          }
          const document = DOCUMENT_ENTRY.exec(name);
          if (document) {
            if (!madeDocumentsDir) {
              await mkdir(documentsDir, { recursive: true });
              madeDocumentsDir = true;
            }
            const filePath = path.join(documentsDir, document[1]!);
            written.push(filePath);
            const entry = await restoreFile(body, name, filePath);
            seen.set(name, entry);
            files += 1;
            fileBytes += entry.bytes;
            return;
          }
          throw new BackupError(TEXTS.entryUnexpected(name));
        });
        if (!manifest || !layout || !session) throw new BackupError(TEXTS.noManifest(options.file));
        if (manifest.schemaVersion !== layout.schemaVersion) {
          throw new BackupError(TEXTS.checksumMismatch(ARCHIVE_PATHS.layout));
        }
        await setSequences(session, layout);
        await verify(session, manifest, seen);
        await mkdir(target.dataDir, { recursive: true });
        for (const key of keys) {
          const keyPath = path.join(target.dataDir, key.name);
          written.push(keyPath);
          await writeFile(keyPath, key.bytes, { mode: 0o600, flag: 'wx' });
        }
        await session.commit();
        return {
          createdAt: manifest.createdAt,
          schemaVersion: manifest.schemaVersion,
          from: manifest.database.driver,
          to: session.driver,
          tables: manifest.database.tables,
          rows: Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0),
          files,
          fileBytes,
          keys: keys.map((key) => key.name),
        };
      } catch (error) {
        await session?.abandon();
        throw error;
      }
    });
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (madeDocumentsDir) await rmdir(documentsDir).catch(() => {});
    // Made by this restore, so nothing of anyone else's is in it.
    if (madeDataDir) await rm(target.dataDir, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(TEXTS.restoreFailed(firstLine(error)), { cause: error });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
