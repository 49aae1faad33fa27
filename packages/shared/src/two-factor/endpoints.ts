import { defineEndpoints } from '../common/endpoints';

/** The signed-in person's own second factor (ADR 037): where each endpoint is; shapes in contract.ts. */
export const TWO_FACTOR_ENDPOINTS = defineEndpoints({
  twoFactorStatus: { method: 'GET', path: '/auth/2fa' },
  setUpTotp: { method: 'POST', path: '/auth/2fa/totp/setup' },
  enableTotp: { method: 'POST', path: '/auth/2fa/totp/enable' },
  disableTwoFactor: { method: 'POST', path: '/auth/2fa/disable' },
  renewRecoveryCodes: { method: 'POST', path: '/auth/2fa/recovery-codes' },
});
