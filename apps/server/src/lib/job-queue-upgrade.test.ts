import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../../test/backups';
import { postgresTarget } from '../../test/database-target';
import { pgliteExtensions, usePglite, usePostgres, type Database } from '../db/client';
import { startJobQueue } from './job-queue';

/** The database of a release on pg-boss 10 (test/fixtures/upgrade, as in db/upgrade.test.ts). */
const dump = readFileSync(
  path.resolve(import.meta.dirname, '../../test/fixtures/upgrade/database.sql'),
  'utf8',
);

// In the old tables: a delivery waiting an hour for its retry, and one in hand when it stopped.
const WAITING = `insert into pgboss.job (name, data, state, start_after, retry_limit) values
  ('deliveries', '{"deliveryIds": ["retry"]}', 'retry', now() + interval '1 hour', 5),
  ('deliveries', '{"deliveryIds": ["in-hand"]}', 'active', now() - interval '1 minute', 5)`;

/** The earlier release's database with those jobs, on the tests' database (ADR 002). */
async function earlierRelease(): Promise<{ database: Database; drop(): Promise<void> }> {
  const target = postgresTarget();
  if (!target) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await client.exec(dump);
    await client.exec('reset all');
    await client.exec(WAITING);
    return { database: await usePglite(client), drop: async () => {} };
  }
  const made = await emptyPostgresDatabase(target.url, 'queue_upgrade');
  const loader = new pg.Client({ connectionString: made.url });
  await loader.connect();
  await loader.query(dump);
  await loader.query(WAITING);
  await loader.end();
  return { database: await usePostgres(made.url), drop: made.drop };
}

it("carries an earlier release's waiting jobs over to pg-boss 12, then drops its old tables", async () => {
  const { database, drop } = await earlierRelease();
  const queue = await startJobQueue(database, pino({ level: 'silent' }));
  try {
    expect((await queue.waitingJobs()).get('deliveries')).toBe(2);
    const { rows } = await database.executeSql(
      `select (select policy from pgboss.queue where name = 'retention-purge') as policy,
              to_regnamespace('pgboss_v10') is null as "isDropped"`,
    );
    expect(rows).toEqual([{ policy: 'stately', isDropped: true }]);
    // The job that was in hand runs again (its handler's claim makes that harmless).
    const taken: unknown[] = [];
    await queue.work<{ deliveryIds: string[] }>(
      'deliveries',
      { pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        taken.push(...jobs.map((job) => job.data));
      },
    );
    await expect.poll(() => taken, { timeout: 10_000 }).toEqual([{ deliveryIds: ['in-hand'] }]);
  } finally {
    await queue.stop();
    await database.close();
    await drop();
  }
}, 60_000);
