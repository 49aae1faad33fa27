import type { ResetPasswordInput, SuccessMessage } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset-password */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<SuccessMessage>('/auth/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
