import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/user/:id/resend-invitation (ADR 024) */
export function resendInvitation(id: string): Promise<UserUpdated> {
  return api.post<UserUpdated>(`/user-management/user/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
