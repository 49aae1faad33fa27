import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../lib/periodic-job';
import { mailDirectory } from '../lib/mailer';
import {
  purgeExpiredData,
  RETENTION_PURGE_INTERVAL_HOURS,
  type PurgeResult,
} from '../modules/retention/retention.service';

export interface RetentionScheduleOptions {
  /** Wait after start-up, so the first purge does not compete with start-up and first requests. */
  firstRunDelayMs?: number;
  /** From the end of one purge to the start of the next. */
  intervalMs?: number;
  /** The purge to run (tests replace it to watch the timing); the real one by default. */
  purge?: (now: Date) => Promise<PurgeResult>;
}

const DEFAULT_FIRST_RUN_DELAY_MS = 60 * 1000;

/**
 * Applies the privacy policy's retention periods without anyone having to remember: a purge a minute
 * after start-up, then one a day. Each run is scheduled when the previous one ends, so runs never
 * overlap. A failure is logged and the next run tries again; it never takes the server down.
 */
export const retentionSchedulePlugin = fp(
  async (app: FastifyInstance, options: RetentionScheduleOptions) => {
    const firstRunDelayMs = options.firstRunDelayMs ?? DEFAULT_FIRST_RUN_DELAY_MS;
    const intervalMs = options.intervalMs ?? RETENTION_PURGE_INTERVAL_HOURS * 60 * 60 * 1000;
    const purge =
      options.purge ??
      ((now: Date) =>
        purgeExpiredData(
          { db: app.db, mailDir: mailDirectory(app.config.dataDir), logger: app.log },
          now,
        ));
    const log = app.log.child({ job: 'retention-purge' });

    // Let a purge in flight finish before server.ts closes the database under it (runPeriodically).
    runPeriodically(app, {
      firstRunDelayMs,
      intervalMs,
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
  { name: 'retention-schedule' },
);
