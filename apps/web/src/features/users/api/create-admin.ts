import type { CreateAdminInput, UserCreated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/create-admin */
export function createAdmin(input: CreateAdminInput): Promise<UserCreated> {
  return usersApi.createAdmin({ body: input });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
