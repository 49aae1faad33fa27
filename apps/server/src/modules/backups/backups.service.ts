import { hostname } from 'node:os';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_MESSAGES, type BackupTrigger } from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { BackupRunRow } from '../../db/schema';
import { writeAudit } from '../audit/audit-log.repository';
import { alertBackupFailed } from './backup-alerts';
import type { WriteBackupArchive } from './backup-engine';
import {
  archiveName,
  pruneArchives,
  removeLeftoverPartials,
  removePartialsOf,
} from './backup-files';
import {
  failRunningRun,
  insertRefusedRun,
  insertRunningRun,
  lastSucceededRun,
  leaseLapsed,
  lockRunningRun,
  renewLease,
  succeedRun,
} from './backups.repository';

/**
 * Backups while the product runs (ADR 039): one at a time across every process (the running row
 * is the claim), a lease renewed while it works so that a run whose process died is found and
 * closed by the next, the result recorded and audited, old archives pruned, and the advocates
 * told when one fails.
 */
export interface BackupDeps {
  database: Database;
  config: Config;
  logger: FastifyBaseLogger;
  writeArchive: WriteBackupArchive;
  /** Hands queued emails to the outbox after their commit (absent: the outbox's sweep finds them). */
  dispatch?: (ids: string[]) => void;
  /** Aborts the run (the app is closing). */
  signal?: AbortSignal;
  /** How long a run's claim holds without renewal, and how often it is renewed. */
  leaseMs?: number;
  heartbeatMs?: number;
  now?: () => Date;
}

export const BACKUP_LEASE_MS = 60_000;
export const BACKUP_HEARTBEAT_MS = 15_000;

/** This process, as a run's `claimed_by`. */
export const THIS_PROCESS = `${hostname()}:${process.pid}`;

/** Why no run was started. */
export class BackupRefusal extends Error {
  constructor(
    readonly reason: 'no_passphrase' | 'running',
    message: string,
    readonly run?: BackupRunRow,
  ) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run claimed by another process of this machine that is gone: known at once, without waiting
 * for its lease (a server restarted after kill -9 backs up again straight away).
 */
function claimantGone(claimedBy: string): boolean {
  const at = claimedBy.lastIndexOf(':');
  const host = claimedBy.slice(0, at);
  const pid = Number(claimedBy.slice(at + 1));
  return host === hostname() && pid !== process.pid && Number.isInteger(pid) && !isAlive(pid);
}

/** One line a person understands: the engine's own words, or the error's first line. */
export function failureText(error: unknown, aborted: boolean): string {
  if (aborted) return BACKUP_MESSAGES.stopped;
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n', 1)[0] ?? '').trim().slice(0, 300) || 'unknown error';
  const isEngines = error instanceof Error && error.name === 'BackupError';
  return isEngines || error?.constructor?.name === 'BackupError'
    ? line
    : BACKUP_MESSAGES.failed(line);
}

/**
 * Closes a running run whose process is gone (`force`: every running run, for the one process of
 * an embedded database at its start): marked failed, its partial file deleted, the advocates told.
 * Inside the claim's transaction, the running row locked.
 */
async function closeAbandoned(
  tx: Executor,
  current: BackupRunRow,
  force: boolean,
  now: Date,
): Promise<{ run: BackupRunRow; deliveries: string[] } | null> {
  const abandoned = force || claimantGone(current.claimedBy) || (await leaseLapsed(tx, current.id));
  if (!abandoned) return null;
  const run = await failRunningRun(tx, current.id, BACKUP_MESSAGES.interrupted);
  if (!run) return null;
  await writeAudit(tx, {
    actorId: run.requestedById,
    action: 'backup.failed',
    details: { backupId: run.id, trigger: run.trigger, file: run.fileName, error: run.error },
  });
  return { run, deliveries: await alertBackupFailed(tx, run, now) };
}

async function removePartialOf(deps: BackupDeps, run: BackupRunRow): Promise<void> {
  if (!run.fileName) return;
  await removePartialsOf(deps.config.backupDir, run.fileName).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'could not remove a partial backup'),
  );
}

/**
 * At start-up: a run left `running` by a process that died. On the embedded database this process
 * is the only one, so any running run is dead; on PostgreSQL, those whose lease lapsed or whose
 * process on this machine is gone.
 */
export async function closeAbandonedRuns(deps: BackupDeps): Promise<BackupRunRow[]> {
  const now = (deps.now ?? (() => new Date()))();
  const force = deps.database.driver === 'pglite';
  const closed = await deps.database.db.transaction(async (tx) => {
    const current = await lockRunningRun(tx);
    return current ? closeAbandoned(tx, current, force, now) : null;
  });
  if (!closed) {
    if (force) await removeLeftoverPartials(deps.config.backupDir).catch(() => []);
    return [];
  }
  await removePartialOf(deps, closed.run);
  deps.dispatch?.(closed.deliveries);
  return [closed.run];
}

/** The nightly run without a passphrase: recorded as failed, the advocates told. */
async function recordRefusal(deps: BackupDeps, trigger: BackupTrigger, now: Date) {
  const deliveries = await deps.database.db.transaction(async (tx) => {
    const run = await insertRefusedRun(tx, {
      trigger,
      claimedBy: THIS_PROCESS,
      error: BACKUP_MESSAGES.noPassphrase,
      requestedById: null,
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'backup.failed',
      details: { backupId: run.id, trigger, error: run.error },
    });
    return alertBackupFailed(tx, run, now);
  });
  deps.dispatch?.(deliveries);
}

export interface StartedBackup {
  run: BackupRunRow;
  /** The run as it ended; never rejects (a failure is recorded on the run). */
  finished: Promise<BackupRunRow>;
}

/**
 * Claims and starts a backup. Throws `BackupRefusal` when none may start: no passphrase (the
 * nightly one records that as a failed run and tells the advocates), or one already running.
 */
export async function startBackup(
  deps: BackupDeps,
  input: { trigger: BackupTrigger; requestedById?: string | null },
): Promise<StartedBackup> {
  const now = (deps.now ?? (() => new Date()))();
  const passphrase = deps.config.backupPassphrase;
  if (!passphrase) {
    if (input.trigger === 'scheduled') await recordRefusal(deps, input.trigger, now);
    throw new BackupRefusal('no_passphrase', BACKUP_MESSAGES.noPassphrase);
  }
  const leaseMs = deps.leaseMs ?? BACKUP_LEASE_MS;
  const fileName = archiveName(now);
  const claim = await deps.database.db.transaction(async (tx) => {
    const current = await lockRunningRun(tx);
    const closed = current ? await closeAbandoned(tx, current, false, now) : null;
    const run = await insertRunningRun(tx, {
      trigger: input.trigger,
      fileName,
      claimedBy: THIS_PROCESS,
      leaseMs,
      requestedById: input.requestedById ?? null,
    });
    return { run, current, closed };
  });
  if (claim.closed) {
    await removePartialOf(deps, claim.closed.run);
    deps.dispatch?.(claim.closed.deliveries);
  }
  if (!claim.run) {
    throw new BackupRefusal('running', BACKUP_MESSAGES.alreadyRunning, claim.current);
  }
  const run = claim.run;
  return { run, finished: work(deps, run, passphrase, leaseMs) };
}

/** Writes the archive of a claimed run and records how it ended. */
async function work(
  deps: BackupDeps,
  run: BackupRunRow,
  passphrase: string,
  leaseMs: number,
): Promise<BackupRunRow> {
  const log = deps.logger.child({ backupId: run.id });
  const dir = deps.config.backupDir;
  const fileName = run.fileName!;
  const controller = new AbortController();
  const abort = () => controller.abort();
  deps.signal?.addEventListener('abort', abort);
  if (deps.signal?.aborted) abort();
  let progress: BackupRunRow['progress'] = null;
  const heartbeat = setInterval(() => {
    renewLease(deps.database.db, run.id, leaseMs, progress).then(
      (stillOurs) => {
        // Another process found the lease lapsed (this one stalled) and closed the run: stop.
        if (!stillOurs) controller.abort();
      },
      (error: unknown) => log.warn({ err: error }, 'could not renew the backup lease'),
    );
  }, deps.heartbeatMs ?? BACKUP_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await mkdir(dir, { recursive: true });
    await removeLeftoverPartials(dir, fileName);
    const { sizeBytes } = await deps.writeArchive({
      database: deps.database,
      config: deps.config,
      passphrase,
      file: path.join(dir, fileName),
      signal: controller.signal,
      onProgress: (step) => {
        progress = step;
      },
    });
    clearInterval(heartbeat);
    const done = await deps.database.db.transaction(async (tx) => {
      const row = await succeedRun(tx, run.id, sizeBytes);
      if (row) {
        await writeAudit(tx, {
          actorId: run.requestedById,
          action: 'backup.succeeded',
          details: { backupId: run.id, trigger: run.trigger, file: fileName, sizeBytes },
        });
      }
      return row;
    });
    log.info({ file: fileName, sizeBytes }, 'backup written');
    const pruned = await pruneArchives(dir).catch((error: unknown) => {
      log.warn({ err: error }, 'could not prune old backups');
      return [];
    });
    if (pruned.length > 0) log.info({ pruned }, 'old backups deleted');
    return done ?? run;
  } catch (error) {
    clearInterval(heartbeat);
    const reason = failureText(error, controller.signal.aborted);
    log.error({ err: error }, 'backup failed');
    await removePartialsOf(dir, fileName).catch(() => {});
    return recordFailure(deps, run, reason).catch((recordError: unknown) => {
      // The database itself is gone (closing): the lease lapses and the next run closes this one.
      log.error({ err: recordError }, 'could not record the failed backup');
      return { ...run, status: 'failed' as const, error: reason };
    });
  } finally {
    deps.signal?.removeEventListener('abort', abort);
  }
}

async function recordFailure(deps: BackupDeps, run: BackupRunRow, reason: string) {
  const now = (deps.now ?? (() => new Date()))();
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await failRunningRun(tx, run.id, reason);
    if (!row) return null;
    await writeAudit(tx, {
      actorId: run.requestedById,
      action: 'backup.failed',
      details: { backupId: run.id, trigger: run.trigger, file: run.fileName, error: reason },
    });
    return { row, deliveries: await alertBackupFailed(tx, row, now) };
  });
  if (!result) return { ...run, status: 'failed' as const, error: reason };
  deps.dispatch?.(result.deliveries);
  return result.row;
}

/** Starts a backup and waits for its end (the nightly run, the command on PostgreSQL). */
export async function runBackup(
  deps: BackupDeps,
  input: { trigger: BackupTrigger; requestedById?: string | null },
): Promise<BackupRunRow> {
  const { finished } = await startBackup(deps, input);
  return finished;
}

/**
 * When the last good backup finished (null: never): the age of the firm's newest copy, for
 * /metrics and the overdue check.
 */
export async function lastGoodBackupFinishedAt(db: Executor): Promise<Date | null> {
  return (await lastSucceededRun(db))?.finishedAt ?? null;
}
