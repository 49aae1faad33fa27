import type { UpdateSmsPreferencesInput } from '@firm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api';

export const SMS_PREFERENCES_KEY = ['profile', 'sms-preferences'] as const;

/** GET /api/profile/sms-preferences: a client's text choices and the number texts go to. */
export const smsPreferencesOptions = () =>
  queryOptions({
    queryKey: SMS_PREFERENCES_KEY,
    queryFn: ({ signal }) => notificationsApi.getSmsPreferences({}, signal),
  });

export const useSmsPreferences = () => useQuery(smsPreferencesOptions());

/** PUT /api/profile/sms-preferences */
export function useUpdateSmsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSmsPreferencesInput) =>
      notificationsApi.setSmsPreferences({ body: input }),
    onSuccess: (answer) => queryClient.setQueryData(SMS_PREFERENCES_KEY, answer),
  });
}
