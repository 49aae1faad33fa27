import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { writeBackupArchive } from '../src/modules/backups/archive';
import type { TestContext } from './helpers';

/** The passphrase the backup tests encrypt with. */
export const TEST_PASSPHRASE = 'Mwamba backup passphrase 2026';

const folders: string[] = [];

/** A folder of its own for one test's archives or restored data. */
export function archiveFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'firm-backup-'));
  folders.push(folder);
  return folder;
}

/** Removes every folder `archiveFolder` made (archives hold documents: none is left in /tmp). */
export async function removeArchiveFolders(): Promise<void> {
  const made = folders.splice(0);
  await Promise.all(made.map((folder) => rm(folder, { recursive: true, force: true })));
}

/**
 * The context's configuration as the server would have it: on PostgreSQL the test database is a
 * clone whose address the context's config does not carry (pg_dump needs it).
 */
export async function serverConfig(ctx: TestContext): Promise<Config> {
  if (ctx.database.driver === 'pglite') return ctx.config;
  const { rows } = await ctx.database.executeSql('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${(rows[0] as { name: string }).name}`;
  return { ...ctx.config, databaseUrl: url.toString() };
}

/** An archive of the context's firm as it stands, encrypted with TEST_PASSPHRASE, in a folder of its own. */
export async function backUpToTestArchive(ctx: TestContext): Promise<string> {
  const file = path.join(archiveFolder(), 'firm.backup');
  await writeBackupArchive({
    database: ctx.database,
    config: await serverConfig(ctx),
    passphrase: TEST_PASSPHRASE,
    file,
  });
  return file;
}

/** The PostgreSQL server the tests may use (TEST_DATABASE_URL), whichever database they run on. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL;

async function onMaintenance(serverUrl: string, statement: string) {
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the test server, to restore into; `drop()` removes it. */
export async function emptyPostgresDatabase(serverUrl: string, label: string) {
  const base = decodeURIComponent(new URL(serverUrl).pathname.slice(1));
  const name = `${base}_t_${label}_${randomBytes(6).toString('hex')}`;
  await onMaintenance(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onMaintenance(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * The server started on a restored target, as `npm start` would with DATA_DIR (and
 * DATABASE_URL): the keys come from the data directory, nothing from the test's settings.
 */
export async function startServerOn(target: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<{ app: App; database: Database; close(): Promise<void> }> {
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
  });
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    logger: false,
    retentionSchedule: false,
    appointmentReminders: false,
    messageNotices: false,
    storedFilesSweep: false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
