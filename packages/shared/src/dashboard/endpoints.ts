import { defineEndpoints } from '../common/endpoints';

/** The dashboard: where each endpoint is; shapes in contract.ts. */
export const DASHBOARD_ENDPOINTS = defineEndpoints({
  dashboardStats: { method: 'GET', path: '/dashboard/stats' },
  setupChecklist: { method: 'GET', path: '/dashboard/setup' },
});
