import type { ForgotPasswordInput, SuccessMessage } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot-password */
export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<SuccessMessage>('/auth/forgot-password', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
