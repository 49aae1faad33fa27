import type { EmailPreferences, UpdateEmailPreferencesInput } from '@firm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_PATHS } from './paths';

type PreferencesAnswer = { success: true; preferences: EmailPreferences };

export const EMAIL_PREFERENCES_KEY = ['profile', 'notification-preferences'] as const;

/** GET /api/profile/notification-preferences */
export const getEmailPreferences = (signal?: AbortSignal) =>
  api.get<PreferencesAnswer>(PROFILE_PATHS.emailPreferences, signal);

export const emailPreferencesOptions = () =>
  queryOptions({
    queryKey: EMAIL_PREFERENCES_KEY,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

export const useEmailPreferences = () => useQuery(emailPreferencesOptions());

/** PUT /api/profile/notification-preferences */
export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmailPreferencesInput) =>
      api.put<PreferencesAnswer>('/profile/notification-preferences', input),
    onSuccess: (answer) => queryClient.setQueryData(EMAIL_PREFERENCES_KEY, answer),
  });
}
