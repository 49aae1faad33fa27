import type { SignInDevicesContract } from '@firm/shared/sign-in-devices/contract';
import { SIGN_IN_DEVICES_ENDPOINTS } from '@firm/shared/sign-in-devices/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The signed-in devices' request, from its contract (packages/shared/src/sign-in-devices). */
export const signInDevicesApi = endpointClient<SignInDevicesContract>(SIGN_IN_DEVICES_ENDPOINTS);
