import type { DashboardContract } from '@firm/shared/dashboard/contract';
import { DASHBOARD_ENDPOINTS } from '@firm/shared/dashboard/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';
import { BILLING_KEY } from './list-fee-notes';

const dashboard = endpointClient<DashboardContract>(DASHBOARD_ENDPOINTS);

export const paymentKey = (id: string) => [...BILLING_KEY, 'payment', id] as const;

/**
 * The firm's paybill or till (System Settings), for paying by hand when paying from the portal is
 * not set up: a client reads them with their dashboard's figures (GET /api/dashboard/stats).
 */
export function usePaybillDetails(enabled: boolean) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'paybill'],
    queryFn: ({ signal }) => dashboard.dashboardStats({}, signal),
    select: (stats) => stats.client?.payment ?? null,
    enabled,
  });
}
