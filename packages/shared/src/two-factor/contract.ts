import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { TWO_FACTOR_ENDPOINTS } from './endpoints';
import {
  recoveryCodesRenewInputSchema,
  recoveryCodesSchema,
  totpEnableInputSchema,
  totpSetupSchema,
  twoFactorDisableInputSchema,
  twoFactorStatusSchema,
} from './schemas';

/** The signed-in person's own second factor: each endpoint's body and answer (ADR 044). */
export const twoFactorContract = defineContract(TWO_FACTOR_ENDPOINTS, {
  twoFactorStatus: {
    summary: "What protects the caller's sign-in",
    response: twoFactorStatusSchema,
  },
  setUpTotp: {
    summary: 'A new authenticator key (text and otpauth:// address), on once a code confirms it',
    response: totpSetupSchema,
  },
  enableTotp: {
    summary: 'Turns it on with a code from the app; answers the ten recovery codes, shown once',
    body: totpEnableInputSchema,
    response: recoveryCodesSchema,
  },
  disableTwoFactor: {
    summary: 'Turns it off: the password and a code from the app (or a recovery code)',
    body: twoFactorDisableInputSchema,
    response: successMessageSchema,
  },
  renewRecoveryCodes: {
    summary:
      'Ten new recovery codes, with the password; the old ones stop working, and the owner is emailed',
    body: recoveryCodesRenewInputSchema,
    response: recoveryCodesSchema,
  },
});

export type TwoFactorContract = typeof twoFactorContract;
