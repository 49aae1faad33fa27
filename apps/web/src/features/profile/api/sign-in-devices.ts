import { queryOptions } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { signInDevicesApi } from './sign-in-devices-api';

/** The browsers and systems the account signed in from (ADR 037, "Sign-in alerts"). */
export const SIGN_IN_DEVICES_KEY = ['profile', 'sign-in-devices'] as const;

/** GET /api/auth/devices */
export const signInDevicesQueryOptions = () =>
  queryOptions({
    queryKey: SIGN_IN_DEVICES_KEY,
    queryFn: ({ signal }) => signInDevicesApi.listSignInDevices({}, signal),
  });

export const useSignInDevices = () => useScreenQuery(signInDevicesQueryOptions());
