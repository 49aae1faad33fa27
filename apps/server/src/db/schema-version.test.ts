import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { prepareStart, StartupError } from '../startup';
import { postgresTarget } from '../../test/database-target';
import { ADVISORY_LOCKS } from './advisory-locks';
import { migrationsFolder, pgliteExtensions, usePglite } from './client';
import { readMigrationFiles } from 'drizzle-orm/migrator';

const journal = readMigrationFiles({ migrationsFolder });
const KNOWN = journal.length;
const LAST_WHEN = Math.max(...journal.map((entry) => entry.folderMillis));
const REFUSAL = `This database was upgraded by a newer release (schema ${KNOWN + 1}, this release knows ${KNOWN}): run that release or newer, or restore a backup taken before the upgrade.`;

/** What a later release's first migration leaves in drizzle's own table. */
const NEWER_MIGRATION = `insert into drizzle.__drizzle_migrations (hash, created_at)
  values ('a-migration-from-a-later-release', ${LAST_WHEN + 86_400_000})`;
const COUNT = 'select count(*)::int as n from drizzle.__drizzle_migrations';

// The template database every API test file clones on PostgreSQL (CI: TEST_DATABASE_URL).
const target = postgresTarget();

describe('a database upgraded by a newer release', () => {
  it.skipIf(target)(
    'the embedded database is refused before any migration, and left as it was',
    async () => {
      const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
      const client = await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions });
      try {
        await client.query(NEWER_MIGRATION);
        const error = await usePglite(client).then(
          () => null,
          (reason: unknown) => reason as Error,
        );
        expect(error?.message).toBe(REFUSAL);
        expect((await client.query<{ n: number }>(COUNT)).rows[0]?.n).toBe(KNOWN + 1);
      } finally {
        await client.close();
      }
    },
  );

  describe.runIf(target)('on PostgreSQL', () => {
    const name = `${target?.name}_newer_${randomBytes(4).toString('hex')}`;
    const admin = () => {
      const url = new URL(target!.url);
      url.pathname = '/postgres';
      return new pg.Client({ connectionString: url.toString() });
    };
    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    });

    it('the start stops with one line, migrates nothing and lets go of the migrations lock', async () => {
      const client = admin();
      await client.connect();
      await client.query(`create database "${name}" template "${target!.name}"`);
      await client.end();
      const url = new URL(target!.url);
      url.pathname = `/${name}`;
      const database = new pg.Client({ connectionString: url.toString() });
      await database.connect();
      try {
        await database.query(NEWER_MIGRATION);
        const error = await prepareStart({
          DATABASE_URL: url.toString(),
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        }).then(
          () => null,
          (reason: unknown) => reason as Error,
        );
        expect(error).toBeInstanceOf(StartupError);
        expect(error?.message).toBe(REFUSAL);
        expect(error?.message.split('\n')).toHaveLength(1);
        expect((await database.query<{ n: number }>(COUNT)).rows[0]?.n).toBe(KNOWN + 1);
        const { rows } = await database.query<{ free: boolean }>(
          'select pg_try_advisory_lock($1) as free',
          [ADVISORY_LOCKS.migrations],
        );
        expect(rows[0]?.free).toBe(true);
      } finally {
        await database.end();
      }
    });
  });
});
