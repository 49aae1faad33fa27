import type { UpdateEmailPreferencesInput } from '@firm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api';

export const EMAIL_PREFERENCES_KEY = ['profile', 'notification-preferences'] as const;

/** GET /api/profile/notification-preferences */
export const getEmailPreferences = (signal?: AbortSignal) =>
  notificationsApi.getEmailPreferences({}, signal);

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
      notificationsApi.setEmailPreferences({ body: input }),
    onSuccess: (answer) => queryClient.setQueryData(EMAIL_PREFERENCES_KEY, answer),
  });
}
