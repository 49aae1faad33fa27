import type { ResetPasswordInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/reset-password */
export const resetPassword = (input: ResetPasswordInput) => authApi.resetPassword({ body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
