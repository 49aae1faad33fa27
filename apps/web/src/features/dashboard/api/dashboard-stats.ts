import type { DashboardStats } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';

/** GET /api/dashboard/stats: the caller's whole dashboard in one answer. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => api.get<DashboardStats>('/dashboard/stats', signal),
    // Figures move as the firm works: refresh when the person comes back to the tab.
    staleTime: 30_000,
  });

export function useDashboardStats() {
  return useScreenQuery(dashboardStatsQueryOptions());
}
