import { constants, createReadStream, existsSync, readFileSync } from 'node:fs';
import { access, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import tar from 'tar-stream';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import type { Config as AppConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { listStoredFiles } from '../../../lib/file-storage';
import { SUPER_KEY_FILE } from '../../../lib/super-key';
import { TWO_FACTOR_KEY_FILE } from '../../../lib/secret-box';
import { dumpDatabase, type DatabaseDump } from './dump-database';
import { writeEncryptedFile } from './envelope';
import { asWriteError, BackupError } from './errors';
import { ARCHIVE_PATHS } from './layout';
import type { BackupManifest, BackupProgress } from './manifest';
import { addBuffer, addStream, type WrittenEntry } from './tar-entries';

export interface WriteBackupOptions {
  database: Database;
  config: AppConfig;
  passphrase: string;
  file: string;
  signal?: AbortSignal;
  onProgress?: (progress: BackupProgress) => void;
}

/** The shortest BACKUP_PASSPHRASE taken: scrypt slows guessing, it cannot save a short one. */
export const MIN_PASSPHRASE_LENGTH = 12;

/** The server's version (apps/server/package.json), found beside src/ or dist/. */
function appVersion(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i += 1) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === '@firm/server') return json.version ?? 'unknown';
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/**
 * The keys the data depends on (ADR 039): the two-factor key seals every authenticator secret
 * (ADR 037), from TWO_FACTOR_KEY or its generated file; the advocate registration key only when
 * generated (one set in ADVOCATE_SUPER_KEY belongs to the deployment's settings).
 */
async function readKeys(config: AppConfig): Promise<{ name: string; bytes: Buffer }[]> {
  const keys: { name: string; bytes: Buffer }[] = [];
  const fromFile = async (file: string) =>
    readFile(path.join(config.dataDir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  const twoFactor = config.twoFactorKey
    ? Buffer.from(`${config.twoFactorKey}\n`)
    : await fromFile(TWO_FACTOR_KEY_FILE);
  if (twoFactor)
    keys.push({ name: `${ARCHIVE_PATHS.keys}${TWO_FACTOR_KEY_FILE}`, bytes: twoFactor });
  const superKey = config.advocateSuperKey ? null : await fromFile(SUPER_KEY_FILE);
  if (superKey) keys.push({ name: `${ARCHIVE_PATHS.keys}${SUPER_KEY_FILE}`, bytes: superKey });
  return keys;
}

async function produce(
  pack: tar.Pack,
  dump: DatabaseDump,
  options: WriteBackupOptions,
  createdAt: Date,
): Promise<BackupManifest> {
  const { config, signal } = options;
  const progress = options.onProgress ?? (() => {});
  const written: WrittenEntry[] = [];
  const tables = dump.layout.tables.length;
  progress({ step: 'database', done: 0, total: tables });
  written.push(
    await addBuffer(pack, ARCHIVE_PATHS.layout, Buffer.from(JSON.stringify(dump.layout))),
  );
  for (const entry of dump.entries) {
    signal?.throwIfAborted();
    written.push(
      Buffer.isBuffer(entry.bytes)
        ? await addBuffer(pack, entry.name, entry.bytes)
        : await addStream(
            pack,
            entry.name,
            entry.bytes.size,
            createReadStream(entry.bytes.file),
            undefined,
            signal,
          ),
    );
  }
  progress({ step: 'database', done: tables, total: tables });
  for (const key of await readKeys(config))
    written.push(await addBuffer(pack, key.name, key.bytes));

  // Every stored document and message attachment (both live in DOCUMENTS_DIR, named by id); a
  // file deleted since the snapshot is skipped, an upload still arriving (.part) is not taken.
  const stored = (await listStoredFiles(config.documentsDir)).filter((file) => !file.isPartial);
  const opened = [];
  let total = 0;
  for (const file of stored) {
    const handle = await open(path.join(config.documentsDir, file.name), 'r').catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      },
    );
    if (!handle) continue;
    const { size } = await handle.stat();
    total += size;
    opened.push({ name: file.name, handle, size });
  }
  let done = 0;
  progress({ step: 'files', done, total });
  try {
    while (opened.length > 0) {
      signal?.throwIfAborted();
      const file = opened.shift()!;
      written.push(
        await addStream(
          pack,
          `${ARCHIVE_PATHS.documents}${file.name}`,
          file.size,
          file.handle.createReadStream({ start: 0, end: Math.max(0, file.size - 1) }),
          (count) => {
            done += count;
          },
          signal,
        ),
      );
      progress({ step: 'files', done, total });
    }
  } finally {
    await Promise.all(opened.map((file) => file.handle.close().catch(() => {})));
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: createdAt.toISOString(),
    appVersion: appVersion(),
    schemaVersion: dump.layout.schemaVersion,
    database: {
      driver: dump.layout.driver,
      tables: Object.fromEntries(dump.layout.tables.map((table) => [table.name, table.rows])),
    },
    files: written,
  };
  await addBuffer(pack, ARCHIVE_PATHS.manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
  pack.finalize();
  return manifest;
}

/**
 * Writes one encrypted archive of the firm (ADR 039) while the server runs: the database dumped
 * in one snapshot, the keys, every stored file, and the manifest last. See index.ts.
 */
export async function writeBackupArchive(
  options: WriteBackupOptions,
): Promise<{ manifest: BackupManifest; sizeBytes: number }> {
  if (!options.passphrase) throw new BackupError(TEXTS.passphraseMissing);
  if (options.passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new BackupError(TEXTS.passphraseTooShort);
  }
  options.signal?.throwIfAborted();
  const createdAt = new Date();
  let dump: DatabaseDump;
  try {
    // Before any dump: a folder that is missing or read-only is named as such.
    await access(path.dirname(options.file), constants.W_OK);
    dump = await dumpDatabase(
      options.database,
      options.config.databaseUrl,
      `${options.file}.partial.pgdump`,
    );
  } catch (error) {
    throw asWriteError(error, options.file);
  }
  try {
    const pack = tar.pack();
    const producing = produce(pack, dump, options, createdAt).catch((error: unknown) => {
      pack.destroy(error as Error);
      throw error;
    });
    const writing = writeEncryptedFile({
      source: pack,
      file: options.file,
      passphrase: options.passphrase,
      signal: options.signal,
    });
    const [made, wrote] = await Promise.allSettled([producing, writing]);
    // Either failure reaches the other (the pack is destroyed with it), and the writer has then
    // removed its partial file: the writer's error carries the first cause (a full disk, a stop).
    if (wrote.status === 'rejected') throw wrote.reason;
    if (made.status === 'rejected') throw asWriteError(made.reason, options.file);
    return { manifest: made.value, sizeBytes: wrote.value };
  } finally {
    await dump.cleanup();
  }
}
