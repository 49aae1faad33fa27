import type { SuccessMessage } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** POST /api/user-management/user/:id/reset-two-factor: for a lost phone (ADR 037). */
export function resetTwoFactor(id: string): Promise<SuccessMessage> {
  return api.post<SuccessMessage>(
    `/user-management/user/${encodeURIComponent(id)}/reset-two-factor`,
  );
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
