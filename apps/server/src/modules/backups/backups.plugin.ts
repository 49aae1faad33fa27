import { BACKUP_DEFAULT_HOUR, nairobiDateTime, type BackupTrigger } from '@firm/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOnSchedule } from '../../lib/scheduled-job';
import { readFirmSettings } from '../settings/firm-settings.service';
import { alertBackupOverdue } from './backup-alerts';
import type { WriteBackupArchive } from './backup-engine';
import { claimOnce } from './backups.repository';
import {
  BackupRefusal,
  closeAbandonedRuns,
  startBackup,
  type BackupDeps,
  type StartedBackup,
} from './backups.service';

export interface BackupsPluginOptions {
  /** The archive engine (the real one by default; tests of the runs' rules pass a double). */
  writeArchive: WriteBackupArchive;
  /** The hourly tick (nightly backup, overdue check); false: off (API tests call it). */
  schedule?: { firstRunDelayMs?: number } | false;
  leaseMs?: number;
  heartbeatMs?: number;
}

/** What the app offers the routes, the channel and the schedule. */
export interface Backups {
  start(input: { trigger: BackupTrigger; requestedById?: string | null }): Promise<StartedBackup>;
  /** One tick of the schedule at `now`: the nightly backup in its hour, then the overdue check. */
  tick(now: Date): Promise<void>;
  /** Runs of this process still under way (tests and shutdown wait for them). */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: Backups;
  }
}

/**
 * Backups in the running server (ADR 039): runs started here are aborted when the app closes (their
 * partial file removed, the run recorded as stopped), a run a dead process left is closed at
 * start-up, and, every hour on the job queue's schedule (one process takes each tick), the
 * nightly backup starts in the hour the firm's settings hold and the advocates hear once if no
 * backup has succeeded for 26 hours.
 */
export const backupsPlugin = fp(
  async (app: FastifyInstance, options: BackupsPluginOptions) => {
    const closing = new AbortController();
    const inFlight = new Set<Promise<unknown>>();
    const log = app.log.child({ component: 'backups' });
    const deps = (): BackupDeps => ({
      database: app.database,
      config: app.config,
      logger: log,
      writeArchive: options.writeArchive,
      dispatch: (ids) => {
        if (ids.length > 0) void app.outbox.dispatch(ids);
      },
      signal: closing.signal,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    });

    const start: Backups['start'] = async (input) => {
      const started = await startBackup(deps(), input);
      const finished = started.finished.finally(() => inFlight.delete(finished));
      inFlight.add(finished);
      return { run: started.run, finished };
    };

    const tick: Backups['tick'] = async (now) => {
      const { backupHour } = await readFirmSettings({
        db: app.db,
        firmNotifyEmail: app.config.firmNotifyEmail,
        logger: log,
      });
      const { date, time } = nairobiDateTime(now);
      const isItsHour = Number(time.slice(0, 2)) === (backupHour ?? BACKUP_DEFAULT_HOUR);
      // One nightly run per Nairobi night, whichever process's tick (or start-up run) comes first.
      if (isItsHour && (await claimOnce(app.db, `nightly:${date}`))) {
        try {
          const { finished } = await start({ trigger: 'scheduled' });
          await finished;
        } catch (error) {
          if (!(error instanceof BackupRefusal)) throw error;
          log.warn({ reason: error.reason }, 'nightly backup not started');
        }
      }
      const deliveries = await alertBackupOverdue(app.db, now);
      if (deliveries.length > 0) void app.outbox.dispatch(deliveries);
    };

    app.decorate('backups', {
      start,
      tick,
      async settle() {
        while (inFlight.size > 0) await Promise.all([...inFlight]);
      },
    } satisfies Backups);

    app.addHook('onReady', async () => {
      const closed = await closeAbandonedRuns(deps()).catch((error: unknown) => {
        log.error({ err: error }, 'could not close the backups a stopped process left');
        return [];
      });
      if (closed.length > 0)
        log.warn({ closed: closed.map((run) => run.id) }, 'closed an interrupted backup');
    });
    // Before the job queue and the database stop: a run under way is aborted and recorded.
    app.addHook('onClose', async () => {
      closing.abort();
      await app.backups.settle();
    });

    if (options.schedule !== false) {
      await runOnSchedule(app, {
        name: 'backups-hourly',
        cron: '0 * * * *',
        tz: 'Africa/Nairobi',
        firstRunDelayMs: options.schedule?.firstRunDelayMs ?? 90_000,
        run: async (now) => {
          try {
            await tick(now);
          } catch (error) {
            log.error({ err: error }, 'backup schedule failed; the next hour tries again');
          }
        },
      });
    }
  },
  { name: 'backups', dependencies: ['job-queue', 'outbox'] },
);
