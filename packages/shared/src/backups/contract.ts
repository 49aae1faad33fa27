import { defineContract } from '../common/contract';
import { BACKUPS_ENDPOINTS } from './endpoints';
import { backupScheduleInputSchema, backupsAnswerSchema, backupStartedSchema } from './schemas';

/** System Settings → Backups: each endpoint's body and answer (ADR 044). */
export const backupsContract = defineContract(BACKUPS_ENDPOINTS, {
  getBackups: {
    summary: 'The last backups, the nightly schedule, where archives go (never the passphrase)',
    response: backupsAnswerSchema,
  },
  startBackup: {
    summary: 'Start a backup now: 202 once claimed; 409 if one is running or none can run',
    response: backupStartedSchema,
    status: 202,
  },
  setBackupHour: {
    summary: 'Move the nightly backup to another Nairobi hour (audited)',
    body: backupScheduleInputSchema,
    response: backupsAnswerSchema,
  },
});

export type BackupsContract = typeof backupsContract;
