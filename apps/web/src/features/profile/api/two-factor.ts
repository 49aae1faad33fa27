import type { EndpointInput } from '@firm/shared/common/contract';
import type { TwoFactorContract } from '@firm/shared/two-factor/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { useSession } from '../../../lib/session';
import { twoFactorApi } from './two-factor-api';

/** The signed-in person's own second factor (docs/decisions/037-two-factor-sign-in.md). */
export const TWO_FACTOR_KEY = ['profile', 'two-factor'] as const;

/** GET /api/auth/2fa */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => twoFactorApi.twoFactorStatus({}, signal),
  });

export const useTwoFactorStatus = () => useScreenQuery(twoFactorQueryOptions());

/**
 * Every change refreshes the status (on or off, recovery codes left), and the session of staff
 * whose setup is due: the server has lifted the gate, and the portal's notice goes with it.
 */
export function useTwoFactorMutation<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  otherKeys: readonly (readonly string[])[] = [],
) {
  const queryClient = useQueryClient();
  const { user, refresh } = useSession();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
        ...otherKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        user?.twoFactorDueAt ? refresh() : undefined,
      ]),
  });
}

/** POST /api/auth/2fa/totp/setup: a new key, not yet on. */
export const useSetUpTotp = () => useMutation({ mutationFn: () => twoFactorApi.setUpTotp({}) });

/** POST /api/auth/2fa/totp/enable: on with a code; answers the recovery codes. */
export const useEnableTotp = () =>
  useTwoFactorMutation((code: string) => twoFactorApi.enableTotp({ body: { code } }));

/** POST /api/auth/2fa/recovery-codes: with the password (ADR 037). */
export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation((password: string) =>
    twoFactorApi.renewRecoveryCodes({ body: { password } }),
  );

/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((input: EndpointInput<TwoFactorContract['disableTwoFactor']>['body']) =>
    twoFactorApi.disableTwoFactor({ body: input }),
  );
