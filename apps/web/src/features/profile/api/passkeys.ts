import type {
  PasskeyAdded,
  PasskeyList,
  PasskeyRegistrationOptions,
  SuccessMessage,
} from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createPasskey } from '../../../lib/passkeys';
import { useScreenQuery } from '../../../lib/screen-query';
import { useTwoFactorMutation } from './two-factor';
import { PROFILE_PATHS } from './paths';

/** The signed-in person's passkeys (docs/decisions/037-two-factor-sign-in.md, "Passkeys"). */
export const PASSKEYS_KEY = ['profile', 'passkeys'] as const;

/** GET /api/auth/2fa/passkeys */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => api.get<PasskeyList>(PROFILE_PATHS.passkeys, signal),
  });

export const usePasskeys = () => useScreenQuery(passkeysQueryOptions());

/** Every change refreshes the list, the two-factor status and a due setup's session. */
const usePasskeyMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) =>
  useTwoFactorMutation(mutationFn, [PASSKEYS_KEY]);

/**
 * POST /api/auth/2fa/passkeys/registration-options with the password, the device's answer (the
 * browser asks it), then POST /api/auth/2fa/passkeys. A device that says no throws a PasskeyError.
 */
export const useAddPasskey = () =>
  usePasskeyMutation(async ({ name, password }: { name: string; password: string }) => {
    const options = await api.post<PasskeyRegistrationOptions>(
      '/auth/2fa/passkeys/registration-options',
      { password },
    );
    const response = await createPasskey(options);
    return api.post<PasskeyAdded>('/auth/2fa/passkeys', { name, response });
  });

/** PATCH /api/auth/2fa/passkeys/:id */
export const useRenamePasskey = () =>
  usePasskeyMutation(({ id, name }: { id: string; name: string }) =>
    api.patch<SuccessMessage>(`/auth/2fa/passkeys/${encodeURIComponent(id)}`, { name }),
  );

/** DELETE /api/auth/2fa/passkeys/:id */
export const useRemovePasskey = () =>
  usePasskeyMutation((id: string) =>
    api.delete<SuccessMessage>(`/auth/2fa/passkeys/${encodeURIComponent(id)}`),
  );
