import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/deactivate */
export function deactivateUser(id: string): Promise<UserUpdated> {
  return usersApi.deactivateUser({ params: { id } });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
