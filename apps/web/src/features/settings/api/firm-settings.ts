import type { FirmSettings, SettingsSetupItem } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { settingsApi } from './settings-api';

export const FIRM_SETTINGS_KEY = ['settings', 'firm'] as const;

/** GET /api/settings/firm */
export const firmSettingsQueryOptions = () => ({
  queryKey: FIRM_SETTINGS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => settingsApi.getFirmSettings({}, signal),
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
    }) => settingsApi.saveFirmSettings({ query: { reviewed }, body: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(FIRM_SETTINGS_KEY, {
        settings: answer.settings,
        updatedAt: answer.updatedAt,
        updatedBy: answer.updatedBy,
        paybillConnection: answer.paybillConnection,
      });
      // The booking modal's fees come from the public config.
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
    },
  });
}
