import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/verify */
export function verifyAdvocate(id: string): Promise<UserUpdated> {
  return usersApi.verifyAdvocate({ params: { id } });
}

export function useVerifyAdvocate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAdvocate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
