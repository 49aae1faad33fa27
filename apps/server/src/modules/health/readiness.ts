import { MESSAGES, type Readiness } from '@firm/shared';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';

const CHECK_TIMEOUT_MS = 2000;

/** Resolves with `check`'s answer, or `fallback` if it throws or takes longer than the timeout. */
async function within<T>(check: () => Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether some process on this database holds the migrations lock (db/client.ts), i.e. is
 * applying migrations now. A session-level `pg_advisory_lock(bigint)` shows in `pg_locks` with
 * the key's high half as `classid`, its low half as `objid` and `objsubid` 1; `pg_locks` lists
 * every database of the server, and an advisory lock belongs to one, so only this one's count.
 */
async function migrationRunning(database: Database): Promise<boolean> {
  const { rows } = await database.executeSql(
    `select exists (
       select 1 from pg_locks
        where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1
          and database = (select oid from pg_database where datname = current_database())
     ) as running`,
    [ADVISORY_LOCKS.migrations],
  );
  return (rows[0] as { running: boolean }).running;
}

/**
 * What GET /api/ready answers (ADR 040): ready when the database answers, the job queue answers
 * and no process is migrating the schema; otherwise the message names every check that failed.
 */
export async function checkReadiness(
  database: Database,
  jobQueue: JobQueue,
): Promise<{ ready: boolean; body: Readiness }> {
  const [databaseOk, jobQueueOk, migrating] = await Promise.all([
    within(async () => (await database.ping(), true), false),
    jobQueue.answers(CHECK_TIMEOUT_MS),
    within(() => migrationRunning(database), false),
  ]);
  const checks: Readiness['checks'] = {
    database: databaseOk ? 'ok' : 'unavailable',
    jobQueue: jobQueueOk ? 'ok' : 'unavailable',
    migrations: migrating ? 'running' : 'done',
  };
  const reasons = [
    ...(databaseOk ? [] : [MESSAGES.notReadyDatabase]),
    ...(jobQueueOk ? [] : [MESSAGES.notReadyJobQueue]),
    ...(migrating ? [MESSAGES.notReadyMigrations] : []),
  ];
  const ready = reasons.length === 0;
  return { ready, body: { message: ready ? MESSAGES.ready : MESSAGES.notReady(reasons), checks } };
}
