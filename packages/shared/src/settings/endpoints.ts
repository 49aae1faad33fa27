import { defineEndpoints } from '../common/endpoints';

/**
 * System Settings (advocates only): the audit log, data-protection requests, the registration key
 * and the firm settings: where each endpoint is; shapes in contract.ts. The backups and the
 * delivery log, which the same screen shows, are their own capabilities (backups/, deliveries/).
 */
export const SETTINGS_ENDPOINTS = defineEndpoints({
  listAuditLog: { method: 'GET', path: '/settings/audit-log' },
  downloadAuditLogCsv: { method: 'GET', path: '/settings/audit-log/csv' },
  listDataRequests: { method: 'GET', path: '/settings/data-requests' },
  answerDataRequest: { method: 'PUT', path: '/settings/data-requests/:id' },
  superKeyStatus: { method: 'GET', path: '/settings/super-key' },
  rotateSuperKey: { method: 'POST', path: '/settings/super-key/rotate' },
  getFirmSettings: { method: 'GET', path: '/settings/firm' },
  saveFirmSettings: { method: 'PUT', path: '/settings/firm' },
});
