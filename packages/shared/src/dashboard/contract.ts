import { defineContract } from '../common/contract';
import { DASHBOARD_ENDPOINTS } from './endpoints';
import { dashboardStatsSchema, setupChecklistSchema } from './schemas';

/** The dashboard: each endpoint's answer (ADR 044). */
export const dashboardContract = defineContract(DASHBOARD_ENDPOINTS, {
  dashboardStats: {
    summary: "The caller's dashboard in one answer: the sections their role and toggles allow",
    response: dashboardStatsSchema,
  },
  setupChecklist: {
    summary: "The firm's setup checklist, each item ticked from the data",
    response: setupChecklistSchema,
  },
});

export type DashboardContract = typeof dashboardContract;
