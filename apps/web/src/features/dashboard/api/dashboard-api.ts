import type { DashboardContract } from '@firm/shared/dashboard/contract';
import { DASHBOARD_ENDPOINTS } from '@firm/shared/dashboard/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The dashboard's requests, from its contract (packages/shared/src/dashboard). */
export const dashboardApi = endpointClient<DashboardContract>(DASHBOARD_ENDPOINTS);
