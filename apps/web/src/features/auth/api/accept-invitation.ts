import type { AuthSession, ResetPasswordInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/accept-invitation: the password is set and a session starts (ADR 024). */
export const acceptInvitation = (input: ResetPasswordInput) =>
  api.post<AuthSession>('/auth/accept-invitation', input);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
