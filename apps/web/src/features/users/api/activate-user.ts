import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/activate */
export function activateUser(id: string): Promise<UserUpdated> {
  return usersApi.activateUser({ params: { id } });
}

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
