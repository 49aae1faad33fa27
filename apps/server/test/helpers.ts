import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { pgliteExtensions, usePglite, usePostgres, type Database } from '../src/db/client';
import type { HttpTimeouts } from '../src/lib/http-timeouts';
import type { Mailer, OutgoingMail } from '../src/lib/mailer';
import type { NotificationsPluginOptions } from '../src/modules/notifications/notifications.plugin';
import type { MetricsOptions } from '../src/plugins/metrics';
import type { RetentionScheduleOptions } from '../src/plugins/retention-schedule';
import type { StoredFilesSweepOptions } from '../src/plugins/stored-files-sweep';
import { postgresTarget, TEST_DB_PREFIX } from './database-target';
import { PUT_BACK_MIGRATION_SEEDS } from './migration-seeds';

/** A fresh, migrated database for one test file: a PGlite snapshot, or a PostgreSQL clone. */
export async function createTestDatabase(): Promise<Database> {
  const target = postgresTarget();
  if (target) {
    const name = `${target.name}${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
    // Connect to the maintenance database, not the template: PostgreSQL refuses to copy a
    // template while anyone (another test file's admin connection) is connected to it.
    const maintenance = new URL(target.url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${target.name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(target.url);
    url.pathname = `/${name}`;
    return openPostgresCopy(url.toString());
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return usePglite(await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions }));
}

/** The URL of each PostgreSQL copy this file opened, to open it again once emptied. */
const copyUrl = new WeakMap<Database, string>();

async function openPostgresCopy(url: string): Promise<Database> {
  const database = await usePostgres(url);
  copyUrl.set(database, url);
  return database;
}

/**
 * Databases this test file has finished with, emptied for its next context. Loading the snapshot
 * into a new PGlite takes 1–2 s of the test's own thread, and copying PostgreSQL's template 0.3–1 s
 * of its server (the whole template written to its WAL, then flushed); emptying either takes a few
 * milliseconds, and the files that build a context for every test build dozens. PGlite's are kept
 * open; PostgreSQL's are closed, so that no session (its locks, its LISTEN) outlives its test, and
 * opened again by URL.
 */
const spareEmbedded: Database[] = [];
const sparePostgres: { url: string; schema: string }[] = [];
/** Each database's schema as it was loaded, to tell whether a test altered it. */
const loadedSchema = new WeakMap<Database, string>();

/** A digest of the public schema: tables, columns, constraints, indexes, triggers, functions. */
const SCHEMA_DIGEST = `
  select md5(string_agg(item, ',' order by item)) as digest from (
    select 'r:' || c.relname || ':' || c.relkind::text from pg_class c where c.relnamespace = 'public'::regnamespace
    union all
    select 'a:' || a.attrelid::regclass::text || ':' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select 'k:' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all
    select 'f:' || proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
  ) as items(item)`;

async function schemaDigest(database: Database): Promise<string> {
  const { rows } = await database.executeSql(SCHEMA_DIGEST);
  return (rows[0] as { digest: string }).digest;
}

async function takeTestDatabase(): Promise<Database> {
  const spare = spareEmbedded.pop();
  if (spare) return spare;
  const copy = sparePostgres.pop();
  if (copy) {
    const database = await openPostgresCopy(copy.url);
    loadedSchema.set(database, copy.schema);
    return database;
  }
  const database = await createTestDatabase();
  loadedSchema.set(database, await schemaDigest(database));
  return database;
}

/**
 * Empties a database for the next context: every public table, and pg-boss's jobs, then puts
 * back the rows the migrations wrote (migration-seeds.ts), as the snapshot and the template hold. False when it cannot serve one as a fresh copy would:
 * closed, broken, or with its schema changed by the test (a constraint added to make a write
 * fail, say).
 */
async function emptyForReuse(database: Database): Promise<boolean> {
  if (!loadedSchema.has(database)) return false;
  try {
    if ((await schemaDigest(database)) !== loadedSchema.get(database)) return false;
    const { rows } = await database.executeSql(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = 'public'
           or (schemaname = 'pgboss' and tablename in ('job', 'archive', 'schedule', 'subscription'))`,
    );
    const tables = (rows as { name: string }[]).map((row) => row.name);
    if (database.driver === 'pglite') {
      await database.executeSql(`truncate ${tables.join(', ')} cascade`);
      await database.executeSql(PUT_BACK_MIGRATION_SEEDS);
      await database.executeSql('select pg_advisory_unlock_all()');
      return true;
    }
    // On a server, TRUNCATE makes new files for every table and index, fsynced at commit (as slow
    // as a copy); DELETE of a test's few rows is one commit. As replica, neither foreign keys nor
    // triggers (the case counts) act: every table ends empty, whatever the order.
    await database.executeSql(
      [
        'begin',
        'set local session_replication_role = replica',
        ...tables.map((table) => `delete from ${table}`),
        PUT_BACK_MIGRATION_SEEDS,
        'commit',
      ].join('; '),
    );
    return true;
  } catch {
    return false;
  }
}

export interface TestContext {
  app: App;
  config: Config;
  database: Database;
  /** Every email the app sent, in order. */
  mail: OutgoingMail[];
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database, as server.ts does, with a recording mailer. The daily
 * retention purge is off unless `retentionSchedule` is given: tests call it with their own time.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    beforeReady?: (app: App) => void | Promise<void>;
    retentionSchedule?: RetentionScheduleOptions;
    httpTimeouts?: Partial<HttpTimeouts>;
    /** Receives the app's log (JSON lines at `info` and above); silent otherwise. */
    logStream?: Writable;
    /** Redis key prefix (with REDIS_URL in env), so runs sharing a Redis do not collide. */
    redisKeyPrefix?: string;
    /** Live notification streams (a short heartbeat). */
    notifications?: NotificationsPluginOptions;
    /** The start-up sweep of DOCUMENTS_DIR; off unless given. */
    storedFilesSweep?: StoredFilesSweepOptions;
    /**
     * The app's own mailer (`.eml` files under DATA_DIR, logged) instead of the recording one:
     * for what the mailer itself logs. `mail` then stays empty.
     */
    fileMailer?: boolean;
    /** Backups (ADR 039): an engine double, the lease's timing; the hourly schedule is off. */
    backups?: Parameters<typeof buildApp>[0]['backups'];
    /** Seconds between the outbox worker's polls when idle (default 10). */
    outboxPollingIntervalSeconds?: number;
    /** GET /metrics's sources (with METRICS_TOKEN in env). */
    metrics?: MetricsOptions;
    /** A database the test prepared (an earlier release's, say) instead of a fresh one. */
    database?: Database;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-api-data-')),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    FIRM_NOTIFY_EMAIL: 'firm@example.test',
    ...env,
  });
  const database = options.database ?? (await takeTestDatabase());
  const mail: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
    },
  };
  const app = await buildApp({
    config,
    database,
    ...(options.fileMailer ? {} : { mailer }),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    retentionSchedule: options.retentionSchedule ?? false,
    appointmentReminders: false,
    messageNotices: false,
    storedFilesSweep: options.storedFilesSweep ?? false,
    backups: { schedule: false, ...options.backups },
    paybillSweepSchedule: false,
    ...(options.httpTimeouts ? { httpTimeouts: options.httpTimeouts } : {}),
    ...(options.outboxPollingIntervalSeconds
      ? { outboxPollingIntervalSeconds: options.outboxPollingIntervalSeconds }
      : {}),
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    mail,
    async close() {
      await app.close();
      const reusable = !options.database && (await emptyForReuse(database));
      const url = copyUrl.get(database);
      if (reusable && database.driver === 'pglite') {
        spareEmbedded.push(database);
        return;
      }
      await database.close();
      if (reusable && url) sparePostgres.push({ url, schema: loadedSchema.get(database)! });
    },
  };
}

/** Everything the app logs, as the raw JSON lines a log shipper would receive. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/**
 * Waits until the mail a request caused has been handed to the transport: the work done after
 * the answer, then every due outbox delivery tried once (ADR 028). Then `ctx.mail` holds it.
 */
export async function settleMail(ctx: Pick<TestContext, 'app'>): Promise<void> {
  await ctx.app.backgroundTasks.drain();
  await ctx.app.outbox.settle();
}
