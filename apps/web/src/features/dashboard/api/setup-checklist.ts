import type { SetupChecklist } from '@firm/shared';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';

/**
 * GET /api/dashboard/setup (ADR 027): read afresh each time the dashboard opens, so an item done
 * elsewhere (a colleague added, the settings saved) shows ticked on the way back.
 */
export function useSetupChecklist(enabled: boolean) {
  return useScreenQuery({
    queryKey: ['dashboard', 'setup'],
    queryFn: ({ signal }) => api.get<SetupChecklist>('/dashboard/setup', signal),
    staleTime: 0,
    enabled,
  });
}
