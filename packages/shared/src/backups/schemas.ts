import { z } from 'zod';
import { BACKUP_STATUSES, BACKUP_TRIGGERS } from './rules';

/** One backup run, as System Settings shows it. */
export const backupRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  /** Who pressed Back up now; null for the schedule and the command. */
  startedBy: z.string().nullable(),
  progress: z.object({ step: z.string(), done: z.number(), total: z.number() }).nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /api/settings/backups: never the passphrase, only whether it is set. */
export const backupsAnswerSchema = z.object({
  runs: z.array(backupRunSchema),
  lastSucceeded: backupRunSchema.nullable(),
  running: backupRunSchema.nullable(),
  schedule: z.object({ hour: z.number().int(), nextAt: z.string() }),
  /** BACKUP_DIR as the server sees it. */
  directory: z.string(),
  passphraseSet: z.boolean(),
});
export type BackupsAnswer = z.infer<typeof backupsAnswerSchema>;

/** POST /api/settings/backups: 202, the run just started. */
export const backupStartedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  run: backupRunSchema,
});
export type BackupStarted = z.infer<typeof backupStartedSchema>;

/** PUT /api/settings/backups/schedule */
export const backupScheduleInputSchema = z.object({
  hour: z
    .number({ error: 'Choose an hour from 00 to 23' })
    .int({ error: 'Choose an hour from 00 to 23' })
    .min(0, { error: 'Choose an hour from 00 to 23' })
    .max(23, { error: 'Choose an hour from 00 to 23' }),
});
export type BackupScheduleInput = z.infer<typeof backupScheduleInputSchema>;
