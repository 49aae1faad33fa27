import type { EndpointInput } from '@firm/shared/common/contract';
import type { PasskeysContract } from '@firm/shared/passkeys/contract';
import { queryOptions } from '@tanstack/react-query';
import { createPasskey } from '../../../lib/passkeys';
import { useScreenQuery } from '../../../lib/screen-query';
import { passkeysApi } from './passkeys-api';
import { useTwoFactorMutation } from './two-factor';

type AddPasskeyInput = EndpointInput<PasskeysContract['addPasskey']>;

/** The signed-in person's passkeys (docs/decisions/037-two-factor-sign-in.md, "Passkeys"). */
export const PASSKEYS_KEY = ['profile', 'passkeys'] as const;

/** GET /api/auth/2fa/passkeys */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => passkeysApi.listPasskeys({}, signal),
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
    const options = await passkeysApi.passkeyRegistrationOptions({ body: { password } });
    // SimpleWebAuthn's type of the device's answer, which the server's schema checks.
    const response = (await createPasskey(options)) as AddPasskeyInput['body']['response'];
    return passkeysApi.addPasskey({ body: { name, response } });
  });

/** PATCH /api/auth/2fa/passkeys/:id */
export const useRenamePasskey = () =>
  usePasskeyMutation(({ id, name }: { id: string; name: string }) =>
    passkeysApi.renamePasskey({ params: { id }, body: { name } }),
  );

/** DELETE /api/auth/2fa/passkeys/:id */
export const useRemovePasskey = () =>
  usePasskeyMutation((id: string) => passkeysApi.removePasskey({ params: { id } }));
