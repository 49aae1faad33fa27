import type { FirmSettings, FirmSettingsAnswer, SettingsSetupItem } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';

const FIRM_SETTINGS_KEY = ['settings', 'firm'] as const;

/** GET /api/settings/firm */
export const firmSettingsQueryOptions = () => ({
  queryKey: FIRM_SETTINGS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<FirmSettingsAnswer>('/settings/firm', signal),
});

export function useFirmSettings() {
  return useScreenQuery(firmSettingsQueryOptions());
}

/** PUT /api/settings/firm: the whole settings object. */
export function useSaveFirmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `reviewed`: the checklist item whose link the advocate came by (ADR 027). */
    mutationFn: ({
      settings,
      reviewed,
    }: {
      settings: FirmSettings;
      reviewed?: SettingsSetupItem;
    }) =>
      api.put<FirmSettingsAnswer & { message: string }>(
        reviewed ? `/settings/firm?reviewed=${reviewed}` : '/settings/firm',
        settings,
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(FIRM_SETTINGS_KEY, {
        settings: answer.settings,
        updatedAt: answer.updatedAt,
        updatedBy: answer.updatedBy,
      });
      // The booking modal's fees come from the public config.
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
    },
  });
}
