import { defineEndpoints } from '../common/endpoints';

/**
 * The signed-in person's own passkeys, and a passkey's question at sign-in (ADR 037, "Passkeys"):
 * where each endpoint is; shapes in contract.ts.
 */
export const PASSKEYS_ENDPOINTS = defineEndpoints({
  listPasskeys: { method: 'GET', path: '/auth/2fa/passkeys' },
  passkeyRegistrationOptions: { method: 'POST', path: '/auth/2fa/passkeys/registration-options' },
  addPasskey: { method: 'POST', path: '/auth/2fa/passkeys' },
  renamePasskey: { method: 'PATCH', path: '/auth/2fa/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/auth/2fa/passkeys/:id' },
  passkeySignInOptions: { method: 'POST', path: '/auth/login/2fa/passkey-options' },
});
