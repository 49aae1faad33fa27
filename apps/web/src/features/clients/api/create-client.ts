import type { CreateClientInput, UserCreated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { CLIENTS_KEY } from './list-clients';

/** POST /api/user-management/create-client ('Add Client': user management's endpoint). */
export function createClient(input: CreateClientInput): Promise<UserCreated> {
  return usersApi.createClient({ body: input });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}
