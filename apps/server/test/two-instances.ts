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
      });
      const app = await buildApp({
        config,
        database,
        mailer: { send: async () => {} },
        logger: false,
        retentionSchedule: false,
        appointmentReminders: false,
        storedFilesSweep: false,
        ...options,
      });
      await app.ready();
      apps.push({ app, database });
    }
    // Creating and migrating a database can take a while on a busy shared server.
  }, 90_000);

  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.close();
    }
    if (name) await onMaintenance(`drop database if exists "${name}"`);
  }, 90_000);

  return {
    apps,
    contextOf: (index) =>
      ({ app: apps[index]!.app, database: apps[index]!.database }) as unknown as TestContext,
  };
}
