import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { usePostgres, type Database } from '../src/db/client';
import { TEST_DB_PREFIX } from './database-target';
import type { TestContext } from './helpers';

export interface TwoInstances {
  /** Both apps, in the order they started; filled in by beforeAll. */
  apps: { app: App; database: Database }[];
  /** The test helpers' shape for app `index`, to seed through its database. */
  contextOf(index: number): TestContext;
}

/**
 * Two server processes on one PostgreSQL database, for what must cross processes (LISTEN/NOTIFY,
 * claims). Call inside a `describe.runIf(TEST_DATABASE_URL)`: it registers beforeAll/afterAll that
 * create a database of its own on that server (`label` in its name), start two apps on it (the
 * first migrates it under the migrations lock; the second finds it migrated), and drop it after.
 * Embedded PGlite is opened by one process only, so there is no second process to reach there.
 */
export function useTwoInstances(
  serverUrl: string,
  label: string,
  options: Partial<Parameters<typeof buildApp>[0]> = {},
  /** More settings for both (read once their hooks run, so a fake started before them fits). */
  env: () => Record<string, string> = () => ({}),
): TwoInstances {
  const apps: TwoInstances['apps'] = [];
  let maintenanceUrl: string;
  let name: string;

  const onMaintenance = async (statement: string) => {
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    const baseName = decodeURIComponent(new URL(serverUrl).pathname.slice(1));
    if (!/^[a-zA-Z0-9_]+$/.test(baseName)) throw new Error(`Unsupported name: ${baseName}`);
    name = `${baseName}${TEST_DB_PREFIX}${label}_${randomBytes(6).toString('hex')}`;
    const maintenance = new URL(serverUrl);
    maintenance.pathname = '/postgres';
    maintenanceUrl = maintenance.toString();
    await onMaintenance(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      const database = await usePostgres(url.toString());
      const config = loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-api-data-')),
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://portal.test',
        ...env(),
      });
      const app = await buildApp({
        config,
        database,
        mailer: { send: async () => {} },
        logger: false,
        retentionSchedule: false,
        appointmentReminders: false,
        storedFilesSweep: false,
        backups: { schedule: false },
        paybillSweepSchedule: false,
        ...options,
      });
      await app.ready();
      apps.push({ app, database });
    }
    // Creating and migrating a database can take a while on a busy shared server.
  }, 90_000);

  afterAll(async () => {
    // Once, in a full run on a machine loaded by other work, both suites' closing waited past the
    // hook's 90 s (not reproduced alone or on a quiet machine). A close that outlasts its allowance
    // is reported by name and the database is dropped by force, so a slow teardown cannot fail the
    // tests that already ran, and the name says where to look if it ever happens again.
    for (const [index, { app, database }] of apps.entries()) {
      await settleWithin(app.close(), 20_000, `app ${index} close`);
      await settleWithin(database.close(), 20_000, `database ${index} close`);
    }
    if (name) await onMaintenance(`drop database if exists "${name}" with (force)`);
  }, 90_000);

  return {
    apps,
    contextOf: (index) =>
      ({ app: apps[index]!.app, database: apps[index]!.database }) as unknown as TestContext,
  };
}

/** Waits for `work` up to `ms`; past that, says which step is slow and goes on. */
async function settleWithin(work: Promise<unknown>, ms: number, step: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    if ((await Promise.race([work, late])) === 'late') {
      console.warn(`two-instances teardown: ${step} took over ${ms} ms; going on`);
    }
  } finally {
    clearTimeout(timer);
  }
}
