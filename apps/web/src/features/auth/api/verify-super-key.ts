import type { SuccessMessage, VerifySuperKeyInput } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-super-key: the key is checked by the server, never in the browser. */
export const verifySuperKey = (input: VerifySuperKeyInput) =>
  api.post<SuccessMessage>('/auth/verify-super-key', input);

export const useVerifySuperKey = () => useMutation({ mutationFn: verifySuperKey });
