import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobQueue = PgBoss;

/**
 * The job queue (pg-boss, ADR 028) on the app's own database, embedded or server: pg-boss speaks
 * to it through `Database.executeSql`, so it needs no connection of its own and runs on PGlite.
 * Its tables live in the `pgboss` schema, created or upgraded by `start()` under pg-boss's
 * advisory lock (several processes may start at once). A job is fetched with
 * `FOR UPDATE SKIP LOCKED`, so each job is handed to one worker across every process.
 */
export async function startJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Completed jobs are kept a week for anyone reading the queue; the outbox row is the record.
    deleteAfterDays: 7,
    // Our schedules run every minute at most: looking for due ones every 30 s (not 5) is enough.
    cronWorkerIntervalSeconds: 30,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Stops fetching, lets jobs in hand finish (up to `timeoutMs`), then returns. */
export async function stopJobQueue(boss: JobQueue, timeoutMs = 8000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
}
