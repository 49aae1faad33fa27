import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { postgresTarget } from '../../../test/database-target';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Takes the migrations lock as a migrating process would, on a session of its own: on
 * PostgreSQL another connection to the test's database (a pooled one would go back to the pool
 * holding it); the embedded database has one session. Resolves with the function letting go.
 */
async function holdMigrationsLock(database: Database): Promise<() => Promise<void>> {
  const take = 'select pg_advisory_lock($1)';
  const release = 'select pg_advisory_unlock($1)';
  const key = [ADVISORY_LOCKS.migrations];
  if (database.driver === 'pglite') {
    await database.executeSql(take, key);
    return async () => void (await database.executeSql(release, key));
  }
  const { rows } = await database.executeSql('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${(rows[0] as { name: string }).name}`;
  const other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
  await other.query(take, key);
  return async () => {
    await other.query(release, key);
    await other.end();
  };
}

const READY = {
  message: 'Ready to serve requests',
  checks: { database: 'ok', jobQueue: 'ok', migrations: 'done' },
};

describe('GET /api/ready', () => {
  describe('on a working process', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('answers 200 while the database and the job queue answer', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(READY);
    });

    it('answers 503 while a process holds the migrations lock, and 200 once it lets go', async () => {
      const letGo = await holdMigrationsLock(ctx.database);
      const during = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({
        message: 'Not ready: database migrations are running',
        checks: { database: 'ok', jobQueue: 'ok', migrations: 'running' },
      });

      await letGo();
      const after = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(after.statusCode).toBe(200);
    });
  });

  // PostgreSQL's pg_locks lists the locks of every database on the server.
  it.runIf(postgresTarget())(
    'stays ready while another database on the same server is being migrated',
    async () => {
      const ctx = await createTestContext();
      const other = await createTestContext();
      try {
        const letGo = await holdMigrationsLock(other.database);
        try {
          const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
          expect(response.statusCode, response.body).toBe(200);
          const migrating = await other.app.inject({ method: 'GET', url: '/api/ready' });
          expect(migrating.statusCode).toBe(503);
        } finally {
          await letGo();
        }
      } finally {
        await other.close();
        await ctx.close();
      }
    },
  );

  it('answers 503 naming the job queue once it has stopped', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.jobQueue.stop();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Not ready: the job queue does not answer',
        checks: { database: 'ok', jobQueue: 'unavailable', migrations: 'done' },
      });
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 naming the database and the job queue once the database stops answering', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.database.close();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Not ready: the database does not answer; the job queue does not answer',
        checks: { database: 'unavailable', jobQueue: 'unavailable', migrations: 'done' },
      });
      expect(response.body).not.toMatch(/\bat |select|pg_/);
    } finally {
      await ctx.close();
    }
  });
});
