import type { AuthContract } from '@firm/shared/auth/contract';
import type { EndpointAnswer } from '@firm/shared/common/contract';
import type { RegisterInput, RegistrationPending } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** The first advocate's session (the contract's 201), or a later one's pending registration (202). */
export type RegisterResult = EndpointAnswer<AuthContract['registerAdvocate']> | RegistrationPending;

export const isPendingRegistration = (result: RegisterResult): result is RegistrationPending =>
  !('token' in result);

/** POST /api/auth/register: 201 `{ token, user }` for the first advocate, 202 `{ message, user }` after. */
export const register = (input: RegisterInput): Promise<RegisterResult> =>
  authApi.registerAdvocate({ body: input });

export const useRegister = () => useMutation({ mutationFn: register });
