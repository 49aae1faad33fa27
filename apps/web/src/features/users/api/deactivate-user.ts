import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/deactivate */
export function deactivateUser(id: string): Promise<UserUpdated> {
  return api.put<UserUpdated>(`/user-management/user/${encodeURIComponent(id)}/deactivate`);
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
