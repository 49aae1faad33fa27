import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { carryOverOldJobQueue, setAsideOldJobQueue } from './job-queue-upgrade';

/** How a queue treats its jobs (ADR 042). */
export interface QueueOptions {
  /**
   * `standard`: every job runs. `singleton`: at most one job waiting or running at a time.
   * `stately`: at most one waiting and one running (a scheduled job's ticks never pile up).
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Runs again after the handler throws, this many times (the queue's default 2). */
  retryLimit?: number;
  /** Seconds before a retry; doubled each time, with some jitter, when `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Seconds a job may run before it counts as failed (and is retried). */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Jobs handed to the handler at once (1 by default). */
  batchSize?: number;
  /** Seconds between fetches while the queue is empty (a `notifyWorker` fetches at once). */
  pollingIntervalSeconds?: number;
}

export interface Job<T> {
  id: string;
  data: T;
}

/**
 * The job queue as the app uses it (ADR 042): pg-boss behind it, and no caller sees pg-boss's
 * types, so a version of pg-boss (or another queue) changes this file only.
 */
export interface JobQueue {
  /** Creates `name` with `options`, or leaves it as it is if it exists (each process at start-up). */
  createQueue(name: string, options?: QueueOptions): Promise<void>;
  /** Queues a job; null when the queue's policy turned it away (one already waiting). */
  send(name: string, data: object, options?: { startAfter?: Date }): Promise<string | null>;
  /**
   * Runs `handler` for the queue's jobs in this process: its return marks them done, its throw
   * failed (retried as the queue says). Resolves with the worker's id, for `notifyWorker`.
   */
  work<T>(
    name: string,
    options: WorkOptions,
    handler: (jobs: Job<T>[]) => Promise<void>,
  ): Promise<string>;
  /** Makes the worker fetch now instead of at its next poll. */
  notifyWorker(workerId: string): void;
  /** Puts a job on `name` at each tick of `cron` (minute granularity), once across processes. */
  schedule(name: string, cron: string, options?: { tz?: string }): Promise<void>;
  /** Whether it runs (started, not stopped) and its tables answer within `timeoutMs` (GET /api/ready). */
  answers(timeoutMs?: number): Promise<boolean>;
  /** Each queue's jobs waiting to run (created, deferred or waiting for a retry), from the database. */
  waitingJobs(): Promise<Map<string, number>>;
  /**
   * Per queue, the runs of its handler that threw in this process since it started (a run takes
   * a batch of jobs); kept in memory, so it costs GET /metrics no query.
   */
  handlerFailures(): ReadonlyMap<string, number>;
  /**
   * Stops fetching, lets the jobs in hand finish and be recorded (up to `timeoutMs`), then
   * resolves once no query of the queue's is in flight, so the database may be closed after.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** Waiting jobs are counted up to this many per queue (a gauge, not an inventory). */
const WAITING_COUNTED_UP_TO = 10_000;

/**
 * Starts the job queue (pg-boss 12, ADR 042) on the app's own database, embedded or server:
 * pg-boss speaks to it through `Database.executeSql`, so it needs no connection of its own and
 * runs on PGlite. Its tables live in the `pgboss` schema, created or migrated by the start.
 */
export async function startJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
): Promise<JobQueue> {
  let queries = 0;
  let running = false;
  const failures = new Map<string, number>();
  const boss = new PgBoss({
    db: {
      // Counted, so a stop can wait for the last one (pg-boss's timers may have one in flight).
      executeSql: async (text, values) => {
        queries += 1;
        try {
          return await database.executeSql(text, values);
        } finally {
          queries -= 1;
        }
      },
    },
    backend: database.driver,
    schema: 'pgboss',
    // Our schedules run every minute at most: looking for due ones every 30 s is enough.
    cronWorkerIntervalSeconds: 30,
    // The registry of instances is for pg-boss's dashboard, which the firm does not run.
    registerInstance: false,
  });
  // A worker's failure (its fetch, or the query recording a job done, when the database went
  // away) comes here as an event; unheard, it would be thrown and end the process. The job stays
  // active until it expires and is retried, which the outbox's claim makes harmless.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  boss.on('stopped', () => {
    running = false;
  });
  // pg-boss makes its tables on the first start behind an advisory lock of its own, but a
  // process that waited on that lock still sees the catalog as it was before (PostgreSQL reads
  // catalog changes at a relation lock, not an advisory one) and fails on "duplicate key …
  // pg_namespace". Started one process at a time, the next finds the tables made (and a
  // pg-boss 10 queue of an earlier release carried over, once).
  await database.exclusively('jobQueueStart', async () => {
    await setAsideOldJobQueue(database, boss);
    await boss.start();
    await carryOverOldJobQueue(database, boss, logger);
  });
  running = true;

  return {
    // pg-boss creates a queue in a transaction behind an advisory lock of its own, with no table
    // of its own by default, so processes creating the same queues at once wait for each other.
    createQueue: (name, options = {}) => boss.createQueue(name, options),
    send: (name, data, options = {}) => boss.send(name, data, options),
    work<T>(name: string, options: WorkOptions, handler: (jobs: Job<T>[]) => Promise<void>) {
      return boss.work<T>(name, options, async (jobs) => {
        try {
          await handler(jobs);
        } catch (error) {
          failures.set(name, (failures.get(name) ?? 0) + 1);
          throw error;
        }
      });
    },
    notifyWorker: (workerId) => boss.notifyWorker(workerId),
    schedule: (name, cron, options = {}) => boss.schedule(name, cron, {}, options),
    async answers(timeoutMs = 2000) {
      if (!running) return false;
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
    },
    async waitingJobs() {
      // Counted from the jobs, not the counts pg-boss keeps per queue, which its monitor
      // refreshes once a minute.
      const queues = await boss.getQueues();
      const sizes = await Promise.all(
        queues.map(async ({ name }) => {
          const jobs = await boss.findJobs(name, { queued: true, limit: WAITING_COUNTED_UP_TO });
          return jobs.length;
        }),
      );
      return new Map(queues.map(({ name }, index) => [name, sizes[index] ?? 0]));
    },
    handlerFailures: () => failures,
    async stop(timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      running = false;
      // Graceful: each worker finishes the batch in hand, its completion recorded, before the
      // stop resolves; what is still running at the timeout is failed, to be retried.
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
      // Polled on timers: a query of pg-boss's timers (maintenance, schedules) may still be out.
      while (queries > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
