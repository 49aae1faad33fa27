import type { ReportsContract } from '@firm/shared/reports/contract';
import { REPORTS_ENDPOINTS } from '@firm/shared/reports/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The reports' requests, from their contract (packages/shared/src/reports). */
export const reportsApi = endpointClient<ReportsContract>(REPORTS_ENDPOINTS);
