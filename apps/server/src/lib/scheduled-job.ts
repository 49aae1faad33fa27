import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  /** The job's own queue on the job queue (one per job). */
  name: string;
  /** When it runs, as pg-boss's cron (minute granularity): `*\/5 * * * *`. */
  cron: string;
  /** The cron's time zone: a daily job runs at a Nairobi hour. UTC by default. */
  tz?: string;
  /**
   * How long after this process is ready it asks for a run of its own, so a restart catches up
   * without waiting for the next tick (the queue still runs one at a time).
   */
  firstRunDelayMs: number;
  /** One run; its failures are its own to log (the next tick tries again). */
  run: (now: Date) => Promise<void>;
}

/** This process's scheduled jobs, by name: a run may be asked for between ticks. */
export class ScheduledJobs {
  private readonly askers = new Map<string, () => Promise<void>>();

  register(name: string, ask: () => Promise<void>): void {
    this.askers.set(name, ask);
  }

  /**
   * Asks for a run now (after start-up; tests): queued unless one is already waiting, and taken
   * by this process's worker at once, or by whichever process is free.
   */
  async runNow(name: string): Promise<void> {
    const ask = this.askers.get(name);
    if (!ask) throw new Error(`No scheduled job named ${name}`);
    await ask();
  }
}

/**
 * Periodic work on the job queue (ADR 028): pg-boss's cron puts one job on `name`'s queue at
 * each tick, however many server processes share the database (the schedule is a row, and each
 * tick is claimed once), and the queue's `stately` policy keeps at most one run under way and one
 * waiting, so runs never overlap across processes and a slow run does not pile ticks up. Any
 * process's worker may take the run. Closing the app stops the queue, which waits for a run in
 * hand, so the database is not closed under it.
 */
export async function runOnSchedule(app: FastifyInstance, job: ScheduledJob): Promise<void> {
  const queue = app.jobQueue;
  const log = app.log.child({ job: job.name });
  await queue.createQueue(job.name, {
    policy: 'stately',
    // A run's failures are logged by the run; the next tick is the retry.
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  });
  const worker = await queue.work(job.name, { pollingIntervalSeconds: 30 }, async () => {
    await job.run(new Date());
  });
  await queue.schedule(job.name, job.cron, job.tz ? { tz: job.tz } : {});
  app.scheduledJobs.register(job.name, async () => {
    await queue.send(job.name, {});
    queue.notifyWorker(worker);
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      app.scheduledJobs
        .runNow(job.name)
        .catch((error: unknown) => log.error({ err: error }, 'could not ask for a run'));
    }, job.firstRunDelayMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
