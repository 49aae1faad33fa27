import type { PasswordResetByAdvocate } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/reset-password */
export function resetPassword(id: string): Promise<PasswordResetByAdvocate> {
  return usersApi.resetUserPassword({ params: { id } });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
