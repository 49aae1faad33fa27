import type { ResetPasswordInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/accept-invitation: the password is set and a session starts (ADR 024). */
export const acceptInvitation = (input: ResetPasswordInput) =>
  authApi.acceptInvitation({ body: input });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
