import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/user/:id/resend-invitation (ADR 024) */
export function resendInvitation(id: string): Promise<UserUpdated> {
  return usersApi.resendInvitation({ params: { id } });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
