import type { PasswordResetByAdvocate, UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from './list-clients';

/**
 * A client's account actions, through user management's endpoints (advocates):
 * PUT /api/user-management/user/:id/{reset-password,deactivate,activate}.
 */
export function resetClientPassword(id: string): Promise<PasswordResetByAdvocate> {
  return api.put<PasswordResetByAdvocate>(
    `/user-management/user/${encodeURIComponent(id)}/reset-password`,
  );
}

export function setClientActive(id: string, active: boolean): Promise<UserUpdated> {
  return api.put<UserUpdated>(
    `/user-management/user/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`,
  );
}

/** POST /api/user-management/user/:id/resend-invitation (advocates and admins who admit clients). */
export function resendClientInvitation(id: string): Promise<UserUpdated> {
  return api.post<UserUpdated>(`/user-management/user/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendClientInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendClientInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useResetClientPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetClientPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useSetClientActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setClientActive(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}
