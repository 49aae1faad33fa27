import type { RecoveryCodes, SuccessMessage, TotpSetup, TwoFactorStatus } from '@firm/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';
import { useSession } from '../../../lib/session';
import { PROFILE_PATHS } from './paths';

/** The signed-in person's own second factor (docs/decisions/037-two-factor-sign-in.md). */
export const TWO_FACTOR_KEY = ['profile', 'two-factor'] as const;

/** GET /api/auth/2fa */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>(PROFILE_PATHS.twoFactor, signal),
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
export const useSetUpTotp = () =>
  useMutation({ mutationFn: () => api.post<TotpSetup>('/auth/2fa/totp/setup') });

/** POST /api/auth/2fa/totp/enable: on with a code; answers the recovery codes. */
export const useEnableTotp = () =>
  useTwoFactorMutation((code: string) =>
    api.post<RecoveryCodes>('/auth/2fa/totp/enable', { code }),
  );

/** POST /api/auth/2fa/recovery-codes: with the password (ADR 037). */
export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation((password: string) =>
    api.post<RecoveryCodes>('/auth/2fa/recovery-codes', { password }),
  );

/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((input: { password: string; code?: string; recoveryCode?: string }) =>
    api.post<SuccessMessage>('/auth/2fa/disable', input),
  );
