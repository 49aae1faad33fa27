import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { usePostgres, type Database } from '../../db/client';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { TEST_DB_PREFIX } from '../../../test/database-target';
import type { TestContext } from '../../../test/helpers';
import { isNotification, listeningPort, openStream } from './notifications-test-kit';

/**
 * Two server processes on one PostgreSQL database (issue 15): a notification written through app
 * A reaches a stream held by app B, through LISTEN/NOTIFY. It needs the PostgreSQL server, so it
 * runs wherever one is configured (TEST_DATABASE_URL, as CI sets for both API runs, the way
 * startup.test.ts reaches it), on a database of its own that it creates, migrates and drops:
 * embedded PGlite is opened by one process only, so there is no second process to reach there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('live notifications across two app instances on one database', () => {
  const apps: { app: App; database: Database }[] = [];
  let maintenanceUrl: string;
  let name: string;

  beforeAll(async () => {
    const base = new URL(serverUrl!);
    const baseName = decodeURIComponent(base.pathname.slice(1));
    if (!/^[a-zA-Z0-9_]+$/.test(baseName)) throw new Error(`Unsupported name: ${baseName}`);
    name = `${baseName}${TEST_DB_PREFIX}live_${randomBytes(6).toString('hex')}`;
    const maintenance = new URL(serverUrl!);
    maintenance.pathname = '/postgres';
    maintenanceUrl = maintenance.toString();
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // The first migrates it (under the migrations lock); the second finds it migrated.
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
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}"`);
    } finally {
      await admin.end();
    }
  }, 90_000);

  /** The test helpers' shape, for seeding through app A's database. */
  const contextOf = (index: number) =>
    ({ app: apps[index]!.app, database: apps[index]!.database }) as unknown as TestContext;

  /** Returns the case's new version. */
  async function changeStatus(
    app: App,
    token: string,
    caseId: string,
    version: number,
    status = 'in_progress',
  ): Promise<number> {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}`,
      headers: bearer(token),
      payload: { version, status },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().case.version as number;
  }

  it('a change made through app A reaches the stream held on app B', async () => {
    const a = contextOf(0);
    const client = await seedUser(a, { role: 'client', email: 'two@instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'adv@instances.test' });
    const row = await seedCase(a, client.id);

    const portB = await listeningPort(apps[1]!.app);
    const stream = await openStream(portB, await sessionFor(a, client));
    await stream.waitFor((event) => event.event === 'unread-count');

    const token = await sessionFor(a, advocate);
    const version = await changeStatus(apps[0]!.app, token, row.id, row.version);
    const event = await stream.waitFor(isNotification);
    expect(JSON.parse(event.data)).toMatchObject({
      kind: 'case_status_changed',
      actionUrl: `/cases/${row.id}`,
    });

    // Exactly once: a second change, and its count after it. The stream sends in order, so a
    // copy of the first would have come before them.
    await changeStatus(apps[0]!.app, token, row.id, version, 'completed');
    const second = await stream.waitFor(
      (each) => isNotification(each) && Number(each.id) > Number(event.id),
    );
    await stream.waitFor((each) => each.event === 'unread-count' && each.id === second.id);
    expect(stream.events.filter(isNotification).map((each) => each.id)).toEqual([
      event.id,
      second.id,
    ]);
    stream.close();
  });

  it("app B's listening connection lost and regained: what was written meanwhile still arrives", async () => {
    const a = contextOf(0);
    const client = await seedUser(a, { role: 'client', email: 'lost@instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'lost-adv@instances.test' });
    const row = await seedCase(a, client.id);
    const portB = await listeningPort(apps[1]!.app);
    const stream = await openStream(portB, await sessionFor(a, client));
    await stream.waitFor((event) => event.event === 'unread-count');

    // Every LISTEN connection on this database is cut, as a server restart would.
    const cut = await apps[0]!.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    // Both apps' listening connections.
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    await changeStatus(apps[0]!.app, await sessionFor(a, advocate), row.id, row.version);
    const event = await stream.waitFor(isNotification);
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'case_status_changed' });
    stream.close();
  });
});
