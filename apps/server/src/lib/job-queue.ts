import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { completeJobs, createQueue, failJobsById } from 'pg-boss/src/plans.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/client';

export type JobQueue = PgBoss;

/**
 * What a queue has in hand: its queries to the database and its handlers running; whether it is
 * running (started, not stopped); and the jobs whose handler threw, per queue, since start.
 */
interface InHand {
  queries: number;
  handlers: number;
  running: boolean;
  failures: Map<string, number>;
}
const inHand = new WeakMap<JobQueue, InHand>();

const SCHEMA = 'pgboss';
/**
 * The two queries by which pg-boss marks a job done or failed once its handler returns. It sends
 * them without waiting (manager.js), so a failure there (the database went away) would be an
 * unhandled rejection, which ends the process. Their failure is logged and answered as "no job
 * changed": the job stays active until it expires and is retried, which the outbox's claim makes
 * harmless.
 */
const UNAWAITED = new Set([completeJobs(SCHEMA), failJobsById(SCHEMA)]);

/**
 * pg-boss creates a queue by attaching a partition to its job table. Two processes creating
 * queues at the same moment (several starting together, or a new scheduled job deployed to all)
 * can deadlock on that table's locks, and the loser's start-up fails. The same statement, behind a
 * transaction-scoped advisory lock taken first in it, creates one queue at a time across processes
 * (creating an existing queue does nothing).
 */
const CREATE_QUEUE = createQueue(SCHEMA);
const CREATE_QUEUE_ONE_AT_A_TIME = `WITH held AS (SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.jobQueueCreation}))
  SELECT ${SCHEMA}.create_queue($1, $2) FROM held`;

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
  const held: InHand = { queries: 0, handlers: 0, running: false, failures: new Map() };
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        held.queries += 1;
        try {
          return await database.executeSql(
            text === CREATE_QUEUE ? CREATE_QUEUE_ONE_AT_A_TIME : text,
            values,
          );
        } catch (error) {
          if (!UNAWAITED.has(text)) throw error;
          logger.warn({ err: error }, 'job queue could not record a finished job');
          return { rows: [{ count: '0' }], rowCount: 0 };
        } finally {
          held.queries -= 1;
        }
      },
    },
    schema: SCHEMA,
    // Completed jobs are kept a week for anyone reading the queue; the outbox row is the record.
    deleteAfterDays: 7,
    // Our schedules run every minute at most: looking for due ones every 30 s (not 5) is enough.
    cronWorkerIntervalSeconds: 30,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  // Every handler is counted while it runs, so stopping can wait for the last one (below).
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    return work(name, ...rest, async (jobs: unknown) => {
      held.handlers += 1;
      try {
        return await handler(jobs);
      } catch (error) {
        held.failures.set(name, (held.failures.get(name) ?? 0) + 1);
        throw error;
      } finally {
        held.handlers -= 1;
      }
    });
  }) as JobQueue['work'];
  inHand.set(boss, held);
  boss.on('stopped', () => {
    held.running = false;
  });
  // pg-boss makes its tables on the first start behind an advisory lock of its own, but a
  // process that waited on that lock still sees the catalog as it was before (PostgreSQL reads
  // catalog changes at a relation lock, not an advisory one) and fails on "duplicate key …
  // pg_namespace". Started one process at a time, the next finds the tables made.
  await database.exclusively('jobQueueStart', () => boss.start());
  held.running = true;
  return boss;
}

/** Whether the queue is running and its tables answer (GET /api/ready), within `timeoutMs`. */
export async function jobQueueAnswers(boss: JobQueue, timeoutMs = 2000): Promise<boolean> {
  if (!inHand.get(boss)?.running) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      boss.getQueues(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('job queue timed out')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Each queue's jobs waiting to run (created, or waiting for a retry), read from the database. */
export async function waitingJobs(boss: JobQueue): Promise<Map<string, number>> {
  const queues = await boss.getQueues();
  const sizes = await Promise.all(queues.map(({ name }) => boss.getQueueSize(name)));
  return new Map(queues.map(({ name }, index) => [name, sizes[index] ?? 0]));
}

/**
 * Per queue, the runs of its handler that threw in this process since it started (a run takes a
 * batch of jobs); kept in memory, so it costs GET /metrics no query.
 */
export function handlerFailures(boss: JobQueue): ReadonlyMap<string, number> {
  return inHand.get(boss)?.failures ?? new Map();
}

/**
 * Stops fetching, lets jobs in hand finish (up to `timeoutMs`), then returns once nothing of the
 * queue's is left in flight. pg-boss's own wait misses a fetch that was under way when it stopped
 * (its jobs start after) and the query marking a job done, which it does not wait for; either
 * would reach a database closed meanwhile.
 */
export async function stopJobQueue(boss: JobQueue, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const held = inHand.get(boss);
  if (held) held.running = false;
  await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  if (!held) return;
  // Polled on timers, not microtasks: a fetch that settles starts its handler, and a handler
  // that ends starts its completion query, before the next timer runs.
  while ((held.queries > 0 || held.handlers > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
