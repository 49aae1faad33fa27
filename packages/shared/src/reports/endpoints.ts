import { defineEndpoints } from '../common/endpoints';

/** Reports: where each endpoint is; shapes in contract.ts. */
export const REPORTS_ENDPOINTS = defineEndpoints({
  getReport: { method: 'GET', path: '/reports/:kind' },
});
