import type { SecureAccountInput, SecureAccountResult } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/secure-account: a sign-in alert's "Not you?" link (ADR 037). */
export const secureAccount = (input: SecureAccountInput) =>
  api.post<SecureAccountResult>('/auth/secure-account', input);

export const useSecureAccount = () => useMutation({ mutationFn: secureAccount });
