import type { LoginInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/login */
export const login = (input: LoginInput) => authApi.signIn({ body: input });

export const useLogin = () => useMutation({ mutationFn: login });
