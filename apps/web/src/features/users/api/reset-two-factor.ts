import type { SuccessMessage } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/user/:id/reset-two-factor: for a lost phone (ADR 037). */
export function resetTwoFactor(id: string): Promise<SuccessMessage> {
  return usersApi.resetTwoFactor({ params: { id } });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
