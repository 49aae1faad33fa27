import { defineEndpoints } from '../common/endpoints';

/** System Settings → Backups (ADR 039): where each endpoint is; shapes in contract.ts. */
export const BACKUPS_ENDPOINTS = defineEndpoints({
  getBackups: { method: 'GET', path: '/settings/backups' },
  startBackup: { method: 'POST', path: '/settings/backups' },
  setBackupHour: { method: 'PUT', path: '/settings/backups/schedule' },
});
