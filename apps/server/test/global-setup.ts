import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, usePglite, usePostgres } from '../src/db/client';
import pino from 'pino';
import { startJobQueue } from '../src/lib/job-queue';
import { postgresTarget, TEST_DB_PREFIX } from './database-target';
import { keepMigrationSeeds } from './migration-seeds';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Runs once per test run. PGlite: migrate one in-memory database and save it, so each test file
 * starts from that snapshot (~0.4 s) instead of running initdb (~3 s). PostgreSQL: migrate the
 * run's database, which each test file then copies as a template.
 */
export default async function setup(project: TestProject) {
  const target = postgresTarget();
  if (target) {
    const database = await usePostgres(target.url);
    await createJobQueueSchema(database);
    await keepMigrationSeeds(database);
    await database.close();
    return async () => {
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${target.name}${TEST_DB_PREFIX}%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}"`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'firm-api-tests-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await usePglite(client);
  await createJobQueueSchema(database);
  await keepMigrationSeeds(database);
  const snapshot = await client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * pg-boss creates its schema when it first starts (ADR 028): done once here, so each test file's
 * database starts with it, as a server's does after its first start.
 */
async function createJobQueueSchema(database: Awaited<ReturnType<typeof usePglite>>) {
  const queue = await startJobQueue(database, pino({ level: 'silent' }));
  await queue.stop();
}
