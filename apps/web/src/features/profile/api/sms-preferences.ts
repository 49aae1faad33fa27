import type { SmsPreferencesResponse, UpdateSmsPreferencesInput } from '@firm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_PATHS } from './paths';

export const SMS_PREFERENCES_KEY = ['profile', 'sms-preferences'] as const;

/** GET /api/profile/sms-preferences: a client's text choices and the number texts go to. */
export const smsPreferencesOptions = () =>
  queryOptions({
    queryKey: SMS_PREFERENCES_KEY,
    queryFn: ({ signal }) => api.get<SmsPreferencesResponse>(PROFILE_PATHS.smsPreferences, signal),
  });

export const useSmsPreferences = () => useQuery(smsPreferencesOptions());

/** PUT /api/profile/sms-preferences */
export function useUpdateSmsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSmsPreferencesInput) =>
      api.put<SmsPreferencesResponse>('/profile/sms-preferences', input),
    onSuccess: (answer) => queryClient.setQueryData(SMS_PREFERENCES_KEY, answer),
  });
}
