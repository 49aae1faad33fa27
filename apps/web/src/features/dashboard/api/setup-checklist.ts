import type { SetupChecklist } from '@firm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/dashboard/setup (ADR 027): read afresh each time the dashboard opens, so an item done
 * elsewhere (a colleague added, the settings saved) shows ticked on the way back.
 */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'setup'],
    queryFn: ({ signal }) => api.get<SetupChecklist>('/dashboard/setup', signal),
    staleTime: 0,
    enabled,
  });
}
