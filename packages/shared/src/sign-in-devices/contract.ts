import { defineContract } from '../common/contract';
import { SIGN_IN_DEVICES_ENDPOINTS } from './endpoints';
import {
  secureAccountInputSchema,
  secureAccountResultSchema,
  signInDeviceListSchema,
} from './schemas';

/** Sign-in alerts: each endpoint's body and answer (ADR 044). */
export const signInDevicesContract = defineContract(SIGN_IN_DEVICES_ENDPOINTS, {
  secureAccount: {
    summary:
      "A sign-in alert's “Not you?” link: signs out every session and answers a password reset token",
    body: secureAccountInputSchema,
    response: secureAccountResultSchema,
  },
  listSignInDevices: {
    summary: 'The browsers and systems the caller’s account signed in from, newest first',
    response: signInDeviceListSchema,
  },
});

export type SignInDevicesContract = typeof signInDevicesContract;
