import { useScreenQuery } from '../../../lib/screen-query';
import { dashboardApi } from './dashboard-api';

/**
 * GET /api/dashboard/setup (ADR 027): read afresh each time the dashboard opens, so an item done
 * elsewhere (a colleague added, the settings saved) shows ticked on the way back.
 */
export function useSetupChecklist(enabled: boolean) {
  return useScreenQuery({
    queryKey: ['dashboard', 'setup'],
    queryFn: ({ signal }) => dashboardApi.setupChecklist({}, signal),
    staleTime: 0,
    enabled,
  });
}
