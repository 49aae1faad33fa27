import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { pgliteExtensions } from '../../../db/client';
import { acquireDataDirLock, type DataDirLock } from '../../../db/data-dir-lock';
import { SUPER_KEY_FILE } from '../../../lib/super-key';
import { TWO_FACTOR_KEY_FILE } from '../../../lib/secret-box';
import { BackupError, firstLine } from './errors';
import { splitPassword } from './dump-database';

export interface RestoreTarget {
  /** DATA_DIR: the embedded database (without databaseUrl) and the keys. */
  dataDir: string;
  /** DATABASE_URL: restore into this empty PostgreSQL database instead of an embedded one. */
  databaseUrl?: string;
  /** DOCUMENTS_DIR; default DATA_DIR/documents. */
  documentsDir?: string;
}

/** One open transaction on the target database: everything a restore writes, or nothing. */
export interface TargetSession {
  driver: 'pglite' | 'postgres';
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  /** Loads rows in COPY's text format into `table` (`columns`: a quoted column list). */
  copyIn(table: string, columns: string, data: Buffer): Promise<void>;
}

const isEmptyFolder = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

/** What the data directory must not hold: a database, keys, documents. */
const DATA_DIR_HOLDINGS = ['pgdata', TWO_FACTOR_KEY_FILE, SUPER_KEY_FILE, 'documents'];

/**
 * Refuses a target holding data (ADR 039): an embedded database, a key or a document in the
 * folders, or any table outside PostgreSQL's own schemas in the database.
 */
export async function assertEmptyTarget(target: RestoreTarget, documentsDir: string) {
  for (const name of DATA_DIR_HOLDINGS) {
    const entry = path.join(target.dataDir, name);
    if (name === 'documents' ? !(await isEmptyFolder(entry)) : existsSync(entry)) {
      throw new BackupError(TEXTS.targetDataDirNotEmpty(target.dataDir));
    }
  }
  if (!(await isEmptyFolder(documentsDir))) {
    throw new BackupError(TEXTS.targetDocumentsNotEmpty(documentsDir));
  }
  if (target.databaseUrl) await assertEmptyDatabase(target.databaseUrl);
}

async function connectPostgres(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(TEXTS.targetDatabaseUnreachable(firstLine(error)), { cause: error });
  }
  return client;
}

const databaseName = (databaseUrl: string) =>
  new URL(splitPassword(databaseUrl).url).pathname.slice(1);

async function assertNoTables(client: pg.Client, databaseUrl: string) {
  const { rows } = await client.query<{ tables: number }>(
    `select count(*)::int as tables from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  if ((rows[0]?.tables ?? 0) > 0) {
    throw new BackupError(TEXTS.targetDatabaseNotEmpty(databaseName(databaseUrl)));
  }
}

/** Refuses a PostgreSQL database with any table, before the archive is read at all. */
export async function assertEmptyDatabase(databaseUrl: string) {
  const client = await connectPostgres(databaseUrl);
  try {
    await assertNoTables(client, databaseUrl);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The target, open in one transaction: `commit` keeps all, `abandon` leaves nothing. */
export interface OpenTarget extends TargetSession {
  commit(): Promise<void>;
  abandon(): Promise<void>;
}

/**
 * One transaction on the target PostgreSQL database, checked again to hold no table. Abandoned,
 * it rolls everything back, the migrations included: the database is as it was.
 */
async function openPostgres(databaseUrl: string): Promise<OpenTarget> {
  const client = await connectPostgres(databaseUrl);
  try {
    await assertNoTables(client, databaseUrl);
    await client.query('begin');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    driver: 'postgres',
    async exec(sql) {
      await client.query(sql);
    },
    async query<R>(sql: string) {
      return (await client.query(sql)).rows as R[];
    },
    copyIn(table, columns, data) {
      return new Promise((resolve, reject) => {
        const stream = client.query(copyFrom(`copy ${table} (${columns}) from stdin`));
        stream.on('error', reject);
        stream.on('finish', () => resolve());
        stream.end(data);
      });
    },
    async commit() {
      try {
        await client.query('commit');
      } finally {
        await client.end().catch(() => {});
      }
    },
    async abandon() {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

/**
 * A new embedded database in `dataDir/pgdata`, in one transaction, under the data directory's
 * lock (no server may open it meanwhile). Abandoned, the database (and a data directory this
 * restore made) is removed.
 */
async function openPglite(dataDir: string): Promise<OpenTarget> {
  const madeDataDir = !existsSync(dataDir);
  await mkdir(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    throw new BackupError(TEXTS.restoreFailed(firstLine(error)), { cause: error });
  }
  const pgdata = path.join(dataDir, 'pgdata');
  let client: PGlite | undefined;
  const remove = async () => {
    if (client && !client.closed) await client.close().catch(() => {});
    await rm(pgdata, { recursive: true, force: true });
    lock.release();
    if (madeDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    client = await PGlite.create(pgdata, { extensions: pgliteExtensions });
    await client.exec('begin');
  } catch (error) {
    await remove();
    throw error;
  }
  const db = client;
  return {
    driver: 'pglite',
    async exec(sql) {
      await db.exec(sql);
    },
    async query<R>(sql: string) {
      return (await db.query<R>(sql)).rows;
    },
    async copyIn(table, columns, data) {
      await db.query(`copy ${table} (${columns}) from '/dev/blob'`, [], {
        blob: new Blob([data as Uint8Array<ArrayBuffer>]),
      });
    },
    async commit() {
      try {
        await db.exec('commit');
        await db.close();
      } catch (error) {
        await remove();
        throw error;
      }
      lock.release();
    },
    abandon: remove,
  };
}

export function openTarget(target: RestoreTarget): Promise<OpenTarget> {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openPglite(target.dataDir);
}
