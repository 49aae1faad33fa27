import type { AuthSession, RegisterInput, RegistrationPending } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegisterResult = AuthSession | RegistrationPending;

export const isPendingRegistration = (result: RegisterResult): result is RegistrationPending =>
  !('token' in result);

/** POST /api/auth/register: 201 `{ token, user }` for the first advocate, 202 `{ message, user }` after. */
export const register = (input: RegisterInput) => api.post<RegisterResult>('/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
