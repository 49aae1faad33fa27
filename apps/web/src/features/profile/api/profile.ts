import type {
  CreateDataRequestInput,
  EmailChangeInput,
  Profile,
  ProfileUpdated,
  UpdateProfessionalInput,
  UpdateProfileInput,
} from '@firm/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SMS_PREFERENCES_KEY } from './sms-preferences';
import { useSession } from '../../../lib/session';
import { useScreenQuery } from '../../../lib/screen-query';
import { profileApi } from './profile-api';

export const PROFILE_KEY = ['profile'] as const;
export const SESSIONS_KEY = ['profile', 'sessions'] as const;
export const OWN_REQUESTS_KEY = ['profile', 'data-requests'] as const;

/** GET /api/profile */
export function useProfile() {
  return useScreenQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => profileApi.getProfile({}, signal),
  });
}

/** A change to the account: the profile query and the session's user both take the answer. */
function useProfileMutation<TInput>(send: (input: TInput) => Promise<ProfileUpdated>) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      queryClient.setQueryData<Profile>(PROFILE_KEY, {
        user: result.user,
        pendingEmail: result.pendingEmail,
        paymentReference: result.paymentReference,
      });
      session.updateUser(result.user);
      // A new phone number is where texts go now (the Text messages section shows it).
      void queryClient.invalidateQueries({ queryKey: SMS_PREFERENCES_KEY });
    },
  });
}

/** PUT /api/profile */
export const useUpdateProfile = () =>
  useProfileMutation((input: UpdateProfileInput) => profileApi.updateProfile({ body: input }));

/** PUT /api/profile/professional */
export const useUpdateProfessional = () =>
  useProfileMutation((input: UpdateProfessionalInput) =>
    profileApi.updateProfessionalDetails({ body: input }),
  );

/** POST /api/profile/email-change/confirm */
export const useConfirmEmailChange = () =>
  useProfileMutation((token: string) => profileApi.confirmEmailChange({ body: { token } }));

/** POST /api/profile/email-change */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => profileApi.requestEmailChange({ body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY, exact: true }),
  });
}

/** GET /api/profile/sessions */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => profileApi.listSessions({}, signal),
  });

export function useSessions() {
  return useScreenQuery(sessionsQueryOptions());
}

/** DELETE /api/profile/sessions/:id */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => profileApi.endSession({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /api/profile/sessions/sign-out-others */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => profileApi.endOtherSessions({}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** GET /api/profile/export: the file, as the server wrote it. */
export function fetchDataExport(): Promise<Record<string, unknown>> {
  // The contract answers either; without `format` it is the JSON file.
  return profileApi.exportOwnData({}) as Promise<Record<string, unknown>>;
}

/** GET /api/profile/export?format=html: the same file as a readable page (ADR 016). */
export function fetchReadableDataExport(): Promise<string> {
  return profileApi.exportOwnData({ query: { format: 'html' } }) as Promise<string>;
}

/** GET /api/profile/data-requests */
export const ownDataRequestsOptions = () =>
  queryOptions({
    queryKey: OWN_REQUESTS_KEY,
    queryFn: ({ signal }) => profileApi.listOwnDataRequests({}, signal),
  });

export function useOwnDataRequests() {
  return useScreenQuery(ownDataRequestsOptions());
}

/** POST /api/profile/data-requests */
export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDataRequestInput) => profileApi.requestDeletion({ body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_REQUESTS_KEY }),
  });
}
