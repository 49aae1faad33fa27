import { ADVISORY_LOCKS, type AdvisoryLock } from './advisory-locks';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { asDataDirError, assertUsableDataDir } from './data-dir';
import { asDatabaseUrlError } from './database-url-errors';
import { assertSchemaKnown } from './schema-version';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * The embedded database's own client (PGlite only): for what only it offers, a backup's
   * `COPY … TO '/dev/blob'` in one transaction (modules/backups/archive, ADR 039).
   */
  pglite?: PGlite;
  /**
   * For the one write that must not wait behind the app's other work: the outbox's record that a
   * provider accepted a message (ADR 028). PostgreSQL: a pool of its own (2 connections, kept
   * open), so the record never queues for one of the main pool's connections behind the job
   * queue's polls or a burst of requests. PGlite: `db` (one connection is all there is).
   */
  recordDb: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * One statement with `$n` parameters, or (without values) a script of several, whose
   * statements' rows come back together in order: what pg-boss runs through its `db` option
   * (lib/job-queue.ts), on this database's own connections.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  /**
   * Only where this process is the database's one writer and hears of each commit before the
   * committing call returns (the embedded database: one process holds its data directory, and
   * PGlite delivers a commit's notifications with the commit's own result). Calls `listener`
   * after every committed change to users or sessions; returns the unsubscribe function. A
   * PostgreSQL server's notifications arrive later and from other processes, so it has none.
   */
  onAccountsChanged?: (listener: () => void) => () => void;
  /**
   * LISTENs on `channel` (lower-case letters and underscores): `onMessage` gets each payload
   * NOTIFY sends there once the sending transaction commits, from any process on this database.
   * PGlite: in this process. PostgreSQL: on one connection of its own, outside the pool, which is
   * opened again after it is lost (`onReconnect` then says that notifications may have been
   * missed). Resolves with the function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `work` while this process holds `lock` across every process on the database, for
   * start-up work that spans several transactions on several connections (the job queue making
   * its tables). PostgreSQL: a session-level advisory lock on a connection held meanwhile.
   * PGlite: one process owns the database, so `work` just runs.
   */
  exclusively<T>(lock: AdvisoryLock, work: () => Promise<T>): Promise<T>;
}

const assertChannel = (channel: string) => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
};

/**
 * The contrib extensions the migrations create: `pg_trgm` (similarity search for the
 * conflict-of-interest check and case search) and `btree_gist` (the exclusion constraint that
 * keeps one advocate's appointments from overlapping). PostgreSQL ships them; PGlite must be
 * handed them whenever it opens a database, including the tests' migrated snapshot.
 */
export const pgliteExtensions = { pg_trgm, btree_gist } satisfies PGliteOptions['extensions'];

/** `drizzle/` sits beside `src/` in development and beside `dist/` once built. */
function findMigrationsFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found');
}
export const migrationsFolder = findMigrationsFolder();

/**
 * Statement-level triggers that announce any change to users or sessions, however it is made
 * (a repository, a migration, a hand-run statement). Installed when the embedded database opens
 * rather than by a migration: only PGlite's listener needs them (see `onAccountsChanged`).
 */
const ACCOUNTS_CHANGED_CHANNEL = 'accounts_changed';
const ACCOUNTS_CHANGED_TRIGGERS = `
create or replace function notify_accounts_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${ACCOUNTS_CHANGED_CHANNEL}', '');
  return null;
end $$;
create or replace trigger users_changed after insert or update or delete or truncate on users
  for each statement execute function notify_accounts_changed();
create or replace trigger sessions_changed after insert or update or delete or truncate on sessions
  for each statement execute function notify_accounts_changed();
`;

/** Wraps an open PGlite (on disk or in memory) and applies the migrations. */
export async function usePglite(client: PGlite, onClose?: () => void): Promise<Database> {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await assertSchemaKnown((text) => client.query(text), migrationsFolder);
  await migratePglite(db as never, { migrationsFolder });
  await client.exec(ACCOUNTS_CHANGED_TRIGGERS);
  const accountListeners = new Set<() => void>();
  await client.listen(ACCOUNTS_CHANGED_CHANNEL, () => {
    for (const listener of accountListeners) listener();
  });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    recordDb: db,
    onAccountsChanged(listener) {
      accountListeners.add(listener);
      return () => accountListeners.delete(listener);
    },
    async listen(channel, onMessage) {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async ping() {
      await client.query('select 1');
    },
    exclusively: (_lock, work) => work(),
    async executeSql(text, values) {
      // PGlite's extended protocol takes one statement; pg-boss's scripts come without values and
      // hold several, so those go through the simple protocol, and answer with every statement's
      // rows (pg-boss reads a claim's row from between a lock's and the COMMIT's).
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return {
          rows: results.flatMap((result) => result.rows),
          rowCount: results.reduce((sum, r) => sum + (r.affectedRows ?? r.rows.length), 0),
        };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async close() {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

/**
 * One connection that only LISTENs (a pooled one would be handed to queries and its LISTEN lost).
 * When it drops (the server restarted, the network went), it is opened again with a growing
 * delay, and `onReconnect` runs: whatever was announced meanwhile was not heard.
 */
async function listenOnOwnConnection(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let isStopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    // Reported by 'end' below; an unhandled 'error' event would end the process.
    client.on('error', () => {});
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('end', () => {
      if (current === client) current = null;
      if (!isStopped) scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    if (isStopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  };
  const scheduleReconnect = () => {
    clearTimeout(retry);
    const delay = Math.min(30_000, 250 * 2 ** failures);
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          onReconnect?.();
        },
        () => {
          failures += 1;
          scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

export async function usePostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw asDatabaseUrlError(connectionString, error);
  }
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await assertSchemaKnown((text) => client.query(text), migrationsFolder);
    await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  } catch (error) {
    await client
      .query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations])
      .catch(() => {});
    client.release();
    await pool.end().catch(() => {});
    throw error;
  }
  await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => {});
  client.release();
  const listeners = new Set<() => Promise<void>>();
  // Idle connections stay open (idleTimeoutMillis 0): a record does not wait for a connection
  // to be made. One is opened now; the second when two records overlap.
  const recordPool = new pg.Pool({
    connectionString,
    max: 2,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 5000,
  });
  recordPool.on('error', () => {});
  await recordPool.query('select 1').catch(() => {});
  const recordDb = drizzlePg(recordPool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    recordDb,
    async listen(channel, onMessage, onReconnect) {
      assertChannel(channel);
      const stop = await listenOnOwnConnection(connectionString, channel, onMessage, onReconnect);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async exclusively(lock, work) {
      const holder = await pool.connect();
      let healthy = true;
      try {
        await holder.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS[lock]]);
        return await work();
      } finally {
        await holder
          .query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS[lock]])
          .catch(() => (healthy = false));
        // A connection that could not unlock is closed, which releases the lock with it.
        holder.release(!healthy);
      }
    },
    async executeSql(text, values) {
      // A script of several statements answers with one result each: their rows, in order.
      const answer: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      const results = Array.isArray(answer) ? answer : [answer];
      return {
        rows: results.flatMap((result) => result.rows),
        rowCount: results.reduce((sum, result) => sum + (result.rowCount ?? 0), 0),
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      if (!recordPool.ended) await recordPool.end();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * The product's database: the PostgreSQL server at `databaseUrl` when one is given, otherwise
 * embedded PostgreSQL in `dataDir/pgdata`, opened by this process only.
 */
/** Beside the built server only; in development and tests the database is created in-process. */
const INIT_SCRIPT = path.join(import.meta.dirname, 'init-data-dir.js');

/**
 * Creates a new embedded database in a child process (see init-data-dir.ts: why), under the data
 * directory lock this process already holds. Its error output reaches this process's.
 */
async function initializeInChildProcess(pgdata: string): Promise<void> {
  if (!existsSync(INIT_SCRIPT)) return;
  await promisify(execFile)(process.execPath, [INIT_SCRIPT, pgdata], { timeout: 120_000 }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new Error(
        `Could not create the embedded database in ${pgdata}: ${error.stderr || error.message}`,
      );
    },
  );
}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) return usePostgres(options.databaseUrl);
  assertUsableDataDir(options.dataDir);
  let lock;
  try {
    lock = acquireDataDirLock(options.dataDir);
  } catch (error) {
    throw asDataDirError(options.dataDir, error);
  }
  try {
    const pgdata = path.join(options.dataDir, 'pgdata');
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initializeInChildProcess(pgdata);
    const client = await PGlite.create(pgdata, {
      extensions: pgliteExtensions,
    });
    return await usePglite(client, () => lock.release()).catch(async (error: unknown) => {
      // A database this release must not open (a newer schema) is left as it was, and closed.
      await client.close().catch(() => {});
      throw error;
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}
