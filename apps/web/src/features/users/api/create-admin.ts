import type { CreateAdminInput, UserCreated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/create-admin */
export function createAdmin(input: CreateAdminInput): Promise<UserCreated> {
  return api.post<UserCreated>('/user-management/create-admin', input);
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
