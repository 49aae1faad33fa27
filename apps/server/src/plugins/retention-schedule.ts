import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailDirectory } from '../lib/mailer';
import { smsDirectory } from '../lib/sms';
import { runOnSchedule } from '../lib/scheduled-job';
import { purgeExpiredData, type PurgeResult } from '../modules/retention/retention.service';

export interface RetentionScheduleOptions {
  /** Wait after start-up, so the first purge does not compete with start-up and first requests. */
  firstRunDelayMs?: number;
  /** The purge to run (tests replace it to watch the timing); the real one by default. */
  purge?: (now: Date) => Promise<PurgeResult>;
}

const DEFAULT_FIRST_RUN_DELAY_MS = 60 * 1000;

/** The daily purge: 03:30 in Nairobi, when nobody is at work (RETENTION_PURGE_INTERVAL_HOURS). */
export const RETENTION_PURGE_CRON = '30 3 * * *';

/**
 * Applies the privacy policy's retention periods without anyone having to remember: a purge a minute
 * after start-up, then one a day, on the job queue's schedule (lib/scheduled-job.ts), so one process
 * runs it and runs never overlap. A failure is logged and the next run tries again; it never takes
 * the server down.
 */
export const retentionSchedulePlugin = fp(
  async (app: FastifyInstance, options: RetentionScheduleOptions) => {
    const firstRunDelayMs = options.firstRunDelayMs ?? DEFAULT_FIRST_RUN_DELAY_MS;
    const purge =
      options.purge ??
      ((now: Date) =>
        purgeExpiredData(
          {
            db: app.db,
            mailDir: mailDirectory(app.config.dataDir),
            smsDir: smsDirectory(app.config.dataDir),
            logger: app.log,
          },
          now,
        ));
    const log = app.log.child({ job: 'retention-purge' });

    // A purge in flight finishes before server.ts closes the database under it (the queue waits).
    await runOnSchedule(app, {
      name: 'retention-purge',
      cron: RETENTION_PURGE_CRON,
      tz: 'Africa/Nairobi',
      firstRunDelayMs,
      run: async (now) => {
        try {
          const deleted = await purge(now);
          log.info({ deleted }, 'retention purge done');
        } catch (error) {
          log.error({ err: error }, 'retention purge failed; the next run will try again');
        }
      },
    });
  },
  { name: 'retention-schedule', dependencies: ['job-queue'] },
);
