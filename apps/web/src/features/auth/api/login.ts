import type { AuthSession, LoginInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/login */
export const login = (input: LoginInput) => api.post<AuthSession>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
