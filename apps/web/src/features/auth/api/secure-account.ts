import type { SecureAccountInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { signInDevicesApi } from './sign-in-devices-api';

/** POST /api/auth/secure-account: a sign-in alert's "Not you?" link (ADR 037). */
export const secureAccount = (input: SecureAccountInput) =>
  signInDevicesApi.secureAccount({ body: input });

export const useSecureAccount = () => useMutation({ mutationFn: secureAccount });
