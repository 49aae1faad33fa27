import type { ChangePasswordInput, PasswordChanged } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/change-password */
export const changePassword = (input: ChangePasswordInput) =>
  api.post<PasswordChanged>('/auth/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
