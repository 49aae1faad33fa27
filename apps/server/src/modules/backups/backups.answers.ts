import {
  BACKUP_DEFAULT_HOUR,
  defaultFirmSettings,
  nextBackupAt,
  type BackupRun,
  type BackupsAnswer,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { lockFirmSettings, saveFirmSettings } from '../settings/firm-settings.repository';
import { readFirmSettings } from '../settings/firm-settings.service';
import { lastSucceededRun, recentRuns, type BackupRunWithName } from './backups.repository';

/** What System Settings → Backups reads and changes (ADR 039). */
export interface BackupAnswerDeps {
  db: Db;
  config: Pick<Config, 'backupDir' | 'backupPassphrase' | 'firmNotifyEmail'>;
  logger?: FastifyBaseLogger;
}

/** How many runs the screen lists. */
const RECENT_RUNS = 10;

export function toBackupRun(row: BackupRunWithName): BackupRun {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    startedBy: row.requestedByName,
    progress: row.status === 'running' ? row.progress : null,
  };
}

/** GET /api/settings/backups: whether the passphrase is set, never the passphrase. */
export async function backupsAnswer(deps: BackupAnswerDeps, now: Date): Promise<BackupsAnswer> {
  const [runs, last, settings] = await Promise.all([
    recentRuns(deps.db, RECENT_RUNS),
    lastSucceededRun(deps.db),
    readFirmSettings({
      db: deps.db,
      firmNotifyEmail: deps.config.firmNotifyEmail,
      ...(deps.logger ? { logger: deps.logger } : {}),
    }),
  ]);
  const hour = settings.backupHour ?? BACKUP_DEFAULT_HOUR;
  const running = runs.find((run) => run.status === 'running');
  return {
    runs: runs.map(toBackupRun),
    lastSucceeded: last ? toBackupRun(last) : null,
    running: running ? toBackupRun(running) : null,
    schedule: { hour, nextAt: nextBackupAt(hour, now).toISOString() },
    directory: deps.config.backupDir,
    passphraseSet: Boolean(deps.config.backupPassphrase),
  };
}

/**
 * PUT /api/settings/backups/schedule: the hour is one of the firm's settings (the row locked, the
 * other settings kept as they are), audited.
 */
export async function changeBackupHour(
  deps: BackupAnswerDeps,
  user: UserRow,
  hour: number,
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockFirmSettings(tx);
    const before = row
      ? row.settings
      : (defaultFirmSettings(deps.config.firmNotifyEmail) as unknown as Record<string, unknown>);
    await saveFirmSettings(tx, { ...before, backupHour: hour }, user.id, row?.savedSections ?? []);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'backup.schedule_changed',
      ip: meta.ip,
      details: { hour, from: before.backupHour ?? BACKUP_DEFAULT_HOUR },
    });
  });
}
