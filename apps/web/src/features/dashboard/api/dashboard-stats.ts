import { queryOptions } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { dashboardApi } from './dashboard-api';

/** GET /api/dashboard/stats: the caller's whole dashboard in one answer. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => dashboardApi.dashboardStats({}, signal),
    // Figures move as the firm works, and with what the person just did elsewhere in the portal
    // (a booking, a payment): each visit shows the figures it has at once and asks again, and so
    // does coming back to the tab after 30 s.
    staleTime: 30_000,
    refetchOnMount: 'always',
  });

export function useDashboardStats() {
  return useScreenQuery(dashboardStatsQueryOptions());
}
