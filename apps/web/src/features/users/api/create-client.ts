import type { CreateClientInput, UserCreated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/create-client */
export function createClient(input: CreateClientInput): Promise<UserCreated> {
  return usersApi.createClient({ body: input });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
