import type { SuccessMessage } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** DELETE /api/user-management/user/:id */
export function deleteUser(id: string): Promise<SuccessMessage> {
  return usersApi.deleteUser({ params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
