import { auditLogPageSchema, auditLogQuerySchema } from '../audit/schemas';
import { defineContract } from '../common/contract';
import {
  dataRequestIdParamsSchema,
  dataRequestListSchema,
  dataRequestUpdatedSchema,
  updateDataRequestInputSchema,
} from '../profile/schemas';
import { SETTINGS_ENDPOINTS } from './endpoints';
import {
  firmSettingsAnswerSchema,
  firmSettingsSavedSchema,
  firmSettingsSaveQuerySchema,
  firmSettingsSchema,
  superKeyRotatedSchema,
  superKeyStatusSchema,
} from './schemas';

/** System Settings: each endpoint's params, query, body and answer (ADR 044). */
export const settingsContract = defineContract(SETTINGS_ENDPOINTS, {
  listAuditLog: {
    summary: 'The audit log, newest first, filtered and paged',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  },
  downloadAuditLogCsv: {
    summary:
      'The whole filtered audit log as a CSV file (streamed; formula-like cells neutralised)',
    query: auditLogQuerySchema,
    response: 'file',
  },
  listDataRequests: {
    summary: 'Data-protection requests, open ones first',
    response: dataRequestListSchema,
  },
  answerDataRequest: {
    summary: 'Answer a data-protection request: done, refused (with a reason) or open again',
    params: dataRequestIdParamsSchema,
    body: updateDataRequestInputSchema,
    response: dataRequestUpdatedSchema,
  },
  superKeyStatus: {
    summary: 'Where the advocate registration key comes from (never the key)',
    response: superKeyStatusSchema,
  },
  rotateSuperKey: {
    summary: 'Replace a generated registration key; the new key is shown once',
    response: superKeyRotatedSchema,
  },
  getFirmSettings: {
    summary: 'The firm settings in force (the defaults until an advocate saves them)',
    response: firmSettingsAnswerSchema,
  },
  saveFirmSettings: {
    summary: 'Save the firm settings (all of them); audited with what changed',
    query: firmSettingsSaveQuerySchema,
    body: firmSettingsSchema,
    response: firmSettingsSavedSchema,
  },
});

export type SettingsContract = typeof settingsContract;
