import type { PasswordResetByAdvocate, UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { CLIENTS_KEY } from './list-clients';

/**
 * A client's account actions, through user management's endpoints (advocates):
 * PUT /api/user-management/user/:id/{reset-password,deactivate,activate}.
 */
export function resetClientPassword(id: string): Promise<PasswordResetByAdvocate> {
  return usersApi.resetUserPassword({ params: { id } });
}

export function setClientActive(id: string, active: boolean): Promise<UserUpdated> {
  return active
    ? usersApi.activateUser({ params: { id } })
    : usersApi.deactivateUser({ params: { id } });
}

/** POST /api/user-management/user/:id/resend-invitation (advocates and admins who admit clients). */
export function resendClientInvitation(id: string): Promise<UserUpdated> {
  return usersApi.resendInvitation({ params: { id } });
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
