import type { ForgotPasswordInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/forgot-password */
export const forgotPassword = (input: ForgotPasswordInput) =>
  authApi.forgotPassword({ body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
