import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOnSchedule } from '../lib/scheduled-job';
import {
  sweepStoredFiles,
  type StoredFilesSweepResult,
} from '../modules/retention/stored-files-sweep';

export interface StoredFilesSweepOptions {
  /** Wait after start-up (default 5 s: once the server answers, not before). */
  firstRunDelayMs?: number;
  /** The sweep to run (tests replace it); the real one by default. */
  sweep?: (now: Date) => Promise<StoredFilesSweepResult>;
}

const DEFAULT_FIRST_RUN_DELAY_MS = 5 * 1000;

/**
 * Deletes what interrupted uploads left in DOCUMENTS_DIR (modules/retention/stored-files-sweep.ts,
 * ADR 014): at start-up, since a process that was killed mid-upload is followed by a start, and
 * then daily, for another process's leftovers on shared storage. A failure is logged and the next
 * run tries again; it never takes the server down.
 */
export const storedFilesSweepPlugin = fp(
  async (app: FastifyInstance, options: StoredFilesSweepOptions) => {
    const log = app.log.child({ job: 'stored-files-sweep' });
    const sweep =
      options.sweep ??
      ((now: Date) =>
        sweepStoredFiles({ db: app.db, documentsDir: app.config.documentsDir, logger: log }, now));

    await runOnSchedule(app, {
      name: 'stored-files-sweep',
      // Daily at 03:45 in Nairobi, after the retention purge.
      cron: '45 3 * * *',
      tz: 'Africa/Nairobi',
      firstRunDelayMs: options.firstRunDelayMs ?? DEFAULT_FIRST_RUN_DELAY_MS,
      run: async (now) => {
        try {
          const deleted = await sweep(now);
          if (deleted.partialUploads + deleted.unreferencedFiles > 0) {
            log.info({ deleted }, 'leftover upload files deleted');
          }
        } catch (error) {
          log.error({ err: error }, 'stored files sweep failed; the next run will try again');
        }
      },
    });
  },
  { name: 'stored-files-sweep', dependencies: ['job-queue'] },
);
