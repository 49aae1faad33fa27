import type { PasswordResetByAdvocate } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/reset-password */
export function resetPassword(id: string): Promise<PasswordResetByAdvocate> {
  return api.put<PasswordResetByAdvocate>(
    `/user-management/user/${encodeURIComponent(id)}/reset-password`,
  );
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
