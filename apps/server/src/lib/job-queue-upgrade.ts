import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * Releases before ADR 042 ran pg-boss 10, whose tables (schema version 24) pg-boss 12 does not
 * migrate: pg-boss 11 laid its tables out anew and migrates only from its own. As pg-boss's
 * author advises, the old tables are set aside, pg-boss 12 makes its own, and the jobs still
 * waiting are carried over through its public API; then the old tables go. Both steps run under
 * the queue's start-up lock (lib/job-queue.ts), one process at a time.
 */
const SET_ASIDE = 'pgboss_v10';
/** The first schema version pg-boss 12 migrates from (pg-boss 11.0's). */
const OLDEST_MIGRATED = 25;

/** Before pg-boss 12 starts: renames a pg-boss 10 schema out of its way. */
export async function setAsideOldJobQueue(database: Database, boss: PgBoss): Promise<void> {
  if (!(await boss.isInstalled())) return;
  const version = await boss.schemaVersion();
  if (version === null || version >= OLDEST_MIGRATED) return;
  await database.executeSql(`alter schema pgboss rename to ${SET_ASIDE}`);
}

interface OldQueue {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
}
interface OldJob {
  id: string;
  name: string;
  data: object | null;
  start_after: Date | string;
  singleton_key: string | null;
}

/**
 * After pg-boss 12 started: makes the set-aside queues in it, with their policies and retries,
 * and queues again each job that was waiting, due later or running when the old release stopped
 * (a job in hand then was never recorded done; its handler's claim makes a second run harmless).
 * A job the queue's policy turns away (a scheduled job's second tick) is left: the next tick
 * comes. Schedules are not carried: every start sets the app's own.
 */
export async function carryOverOldJobQueue(
  database: Database,
  boss: PgBoss,
  logger: FastifyBaseLogger,
): Promise<void> {
  const { rows: found } = await database.executeSql(
    `select to_regnamespace('${SET_ASIDE}') is not null as "isThere"`,
  );
  if (!(found[0] as { isThere: boolean } | undefined)?.isThere) return;

  const { rows: queues } = await database.executeSql(
    `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds
       from ${SET_ASIDE}.queue where name not like '\\_\\_pgboss\\_\\_%'`,
  );
  for (const queue of queues as OldQueue[]) {
    await boss.createQueue(queue.name, {
      ...(queue.policy ? { policy: queue.policy } : {}),
      ...(queue.retry_limit === null ? {} : { retryLimit: queue.retry_limit }),
      ...(queue.retry_delay === null ? {} : { retryDelay: queue.retry_delay }),
      ...(queue.retry_backoff === null ? {} : { retryBackoff: queue.retry_backoff }),
      ...(queue.expire_seconds === null ? {} : { expireInSeconds: queue.expire_seconds }),
    });
  }
  const { rows: jobs } = await database.executeSql(
    `select id, name, data, start_after, singleton_key from ${SET_ASIDE}.job
      where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss\\_\\_%'
      order by created_on`,
  );
  let carried = 0;
  for (const job of jobs as OldJob[]) {
    const id = await boss.send(job.name, job.data ?? {}, {
      id: job.id,
      startAfter: new Date(job.start_after),
      ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
    });
    if (id) carried += 1;
  }
  await database.executeSql(`drop schema ${SET_ASIDE} cascade`);
  logger.info(
    { queues: queues.length, jobs: carried, of: jobs.length },
    'job queue moved to pg-boss 12: waiting jobs carried over',
  );
}
