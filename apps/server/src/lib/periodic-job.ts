import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** How long after the app is ready the first run starts. */
  firstRunDelayMs: number;
  /** From the end of one run to the start of the next, so runs never overlap. */
  intervalMs: number;
  /** One run; a failure is the caller's to log (the job carries on at the next run). */
  run: (now: Date) => Promise<void>;
}

/**
 * Runs `job` on the app's life: first after `firstRunDelayMs`, then `intervalMs` after each run
 * ends. The timer never keeps the process (or a test run) alive; closing the app stops the timer
 * and waits for a run in flight, so the database is not closed under it. Used by the appointment
 * reminders, the unread-message emails and the retention purge; work that must happen once across
 * several processes is claimed in the database by the run itself.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isClosing = false;

  function schedule(delayMs: number): void {
    if (isClosing) return;
    timer = setTimeout(() => {
      running = job.run(new Date()).finally(() => {
        running = undefined;
        schedule(job.intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  app.addHook('onReady', async () => schedule(job.firstRunDelayMs));
  app.addHook('onClose', async () => {
    isClosing = true;
    clearTimeout(timer);
    await running;
  });
}
