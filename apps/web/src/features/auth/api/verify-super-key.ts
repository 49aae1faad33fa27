import type { VerifySuperKeyInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** POST /api/auth/verify-super-key: the key is checked by the server, never in the browser. */
export const verifySuperKey = (input: VerifySuperKeyInput) =>
  authApi.verifySuperKey({ body: input });

export const useVerifySuperKey = () => useMutation({ mutationFn: verifySuperKey });
