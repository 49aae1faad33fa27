import type { UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/user/:id/activate */
export function activateUser(id: string): Promise<UserUpdated> {
  return api.put<UserUpdated>(`/user-management/user/${encodeURIComponent(id)}/activate`);
}

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
