import type { SignInDeviceList } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';
import { PROFILE_PATHS } from './paths';

/** The browsers and systems the account signed in from (ADR 037, "Sign-in alerts"). */
export const SIGN_IN_DEVICES_KEY = ['profile', 'sign-in-devices'] as const;

/** GET /api/auth/devices */
export const signInDevicesQueryOptions = () =>
  queryOptions({
    queryKey: SIGN_IN_DEVICES_KEY,
    queryFn: ({ signal }) => api.get<SignInDeviceList>(PROFILE_PATHS.signInDevices, signal),
  });

export const useSignInDevices = () => useScreenQuery(signInDevicesQueryOptions());
