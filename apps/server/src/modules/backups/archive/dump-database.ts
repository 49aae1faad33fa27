import { spawn } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import pg from 'pg';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import type { Database } from '../../../db/client';
import { BackupError } from './errors';
import {
  ARCHIVE_PATHS,
  columnList,
  quoteIdent,
  SEQUENCES_SQL,
  TABLES_SQL,
  type DatabaseLayout,
} from './layout';
import { LAST_MIGRATION_SQL, schemaVersionOf } from './schema-version';

/** One piece of the archive: its path in the tar and how to read its bytes. */
export interface ArchiveEntrySource {
  name: string;
  bytes: Buffer | { file: string; size: number };
}

export interface DatabaseDump {
  layout: DatabaseLayout;
  entries: ArchiveEntrySource[];
  /** Removes any temporary file the dump wrote. */
  cleanup(): Promise<void>;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Tables, their row counts and the sequences, read in the dump's own snapshot. */
async function readLayout(query: Query, driver: DatabaseLayout['driver']): Promise<DatabaseLayout> {
  const [last] = await query(LAST_MIGRATION_SQL);
  const tables = (await query(TABLES_SQL)) as { name: string; columns: string[] }[];
  const withRows: DatabaseLayout['tables'] = [];
  for (const table of tables) {
    const [row] = await query(`select count(*)::int as rows from ${quoteIdent(table.name)}`);
    withRows.push({ ...table, rows: Number(row?.rows ?? 0) });
  }
  return {
    driver,
    schemaVersion: schemaVersionOf(last?.createdAt as string | undefined),
    tables: withRows,
    sequences: (await query(SEQUENCES_SQL)) as DatabaseLayout['sequences'],
  };
}

/**
 * The embedded database, dumped through the server's own open PGlite while it serves: one
 * transaction holds PGlite's single connection, so the layout and every table's COPY see one
 * state; requests wait for it (the copy is in memory, seconds for a large firm) rather than fail.
 */
async function dumpPglite(database: Database): Promise<DatabaseDump> {
  const client = database.pglite;
  if (!client) throw new Error('The embedded database has no PGlite client');
  return client.transaction(async (tx) => {
    const query: Query = async (text) => (await tx.query<Record<string, unknown>>(text)).rows;
    const layout = await readLayout(query, 'pglite');
    const entries: ArchiveEntrySource[] = [];
    for (const table of layout.tables) {
      const result = await tx.query(
        `copy ${quoteIdent(table.name)} (${columnList(table.columns)}) to '/dev/blob'`,
      );
      const bytes = result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
      entries.push({ name: ARCHIVE_PATHS.tableCopy(table.name), bytes });
    }
    return { layout, entries, cleanup: async () => {} };
  });
}

/** A connection string without its password, which goes to pg_dump in PGPASSWORD instead. */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** Runs a PostgreSQL client tool; rejects with its first line of complaint. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  missing: string,
  failed: (reason: string) => string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === 'ENOENT' ? missing : failed(error.message),
          { cause: error },
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const line =
        stderr
          .split('\n')
          .map((part) => part.replace(/^(pg_dump|pg_restore): (error: )?/, '').trim())
          .find(Boolean) ?? `exit code ${code}`;
      const error = Object.assign(new Error(line), {
        code: /no space left/i.test(stderr) ? 'ENOSPC' : undefined,
      });
      reject(error.code ? error : new BackupError(failed(line), { cause: error }));
    });
  });
}

/**
 * A PostgreSQL server: a REPEATABLE READ transaction exports its snapshot, reads the layout in
 * it, and `pg_dump --format=custom --snapshot` dumps exactly that state into `scratch` (a file
 * beside the archive; pg_dump must be at least the server's version). The job queue's schema is
 * left out (see layout.ts).
 */
async function dumpPostgres(databaseUrl: string, scratch: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const layout = await readLayout(async (text) => (await client.query(text)).rows, 'postgres');
    const { url, password } = splitPassword(databaseUrl);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--exclude-schema=pgboss',
        '--no-password',
        `--file=${scratch}`,
        `--dbname=${url}`,
      ],
      { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      TEXTS.pgDumpMissing,
      TEXTS.pgDumpFailed,
    );
    await client.query('commit');
    const { size } = await stat(scratch);
    return {
      layout,
      entries: [{ name: ARCHIVE_PATHS.postgresDump, bytes: { file: scratch, size } }],
      cleanup: () => rm(scratch, { force: true }),
    };
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

export function dumpDatabase(
  database: Database,
  databaseUrl: string | undefined,
  scratch: string,
): Promise<DatabaseDump> {
  if (database.driver === 'pglite') return dumpPglite(database);
  if (!databaseUrl) throw new Error('A PostgreSQL database without DATABASE_URL');
  return dumpPostgres(databaseUrl, scratch);
}
