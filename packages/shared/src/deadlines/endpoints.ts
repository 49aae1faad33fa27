import { defineEndpoints } from '../common/endpoints';

/** Deadlines and limitation periods (ADR 051): where each endpoint is; shapes in contract.ts. */
export const DEADLINES_ENDPOINTS = defineEndpoints({
  listLimitationPeriods: { method: 'GET', path: '/settings/limitation-periods' },
  saveLimitationPeriods: { method: 'PUT', path: '/settings/limitation-periods' },
});
