import { defineEndpoints } from '../common/endpoints';

/**
 * Sign-in alerts (ADR 037, "Sign-in alerts"): the alert's "Not you?" link and the devices that
 * signed in; where each endpoint is, shapes in contract.ts.
 */
export const SIGN_IN_DEVICES_ENDPOINTS = defineEndpoints({
  secureAccount: { method: 'POST', path: '/auth/secure-account' },
  listSignInDevices: { method: 'GET', path: '/auth/devices' },
});
