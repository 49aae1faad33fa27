import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/verify */
export function verifyAdvocate(id: string): Promise<UserUpdated> {
  return api.put<UserUpdated>(`/user-management/user/${encodeURIComponent(id)}/verify`);
}

export function useVerifyAdvocate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAdvocate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
