import type { AuthSession } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** POST /api/auth/login/2fa: the challenge a right password opened, and a code or recovery code. */
export const loginSecondStep = (input: {
  challengeToken: string;
  code?: string;
  recoveryCode?: string;
}) => api.post<AuthSession>('/auth/login/2fa', input);

export const useLoginSecondStep = () => useMutation({ mutationFn: loginSecondStep });

/**
 * The challenge of a sign-in that needs a second factor (401 TWO_FACTOR_REQUIRED), or null for
 * any other refusal.
 */
export function twoFactorChallengeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const token = error.data?.challengeToken;
  return typeof token === 'string' ? token : null;
}
