import {
  SECOND_FACTOR_METHODS,
  type AuthSession,
  type LoginSecondStepInput,
  type PasskeyAuthenticationResponse,
  type SecondFactorMethod,
} from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { signWithPasskey } from '../../../lib/passkeys';
import { authApi } from './auth-api';
import { passkeysApi } from './passkeys-api';

/** POST /api/auth/login/2fa: the challenge a right password opened, and a code or recovery code. */
export const loginSecondStep = (input: LoginSecondStepInput) =>
  authApi.signInSecondStep({ body: input });

/**
 * With a passkey: POST /api/auth/login/2fa/passkey-options, the device's answer (the browser asks
 * it; a refusal throws a PasskeyError), then the second step with it.
 */
export async function signInWithPasskey(challengeToken: string): Promise<AuthSession> {
  const options = await passkeysApi.passkeySignInOptions({ body: { challengeToken } });
  const passkey = (await signWithPasskey(options)) as PasskeyAuthenticationResponse;
  return loginSecondStep({ challengeToken, passkey });
}

export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });

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

/** What the challenge offers to finish signing in (the app's codes before passkeys). */
export function twoFactorMethodsOf(error: unknown): SecondFactorMethod[] {
  const methods = error instanceof ApiError ? error.data?.methods : undefined;
  if (!Array.isArray(methods)) return ['totp', 'recovery'];
  return SECOND_FACTOR_METHODS.filter((method) => methods.includes(method));
}
