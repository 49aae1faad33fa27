import type { ChangePasswordInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/change-password */
export const changePassword = (input: ChangePasswordInput) =>
  authApi.changePassword({ body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
