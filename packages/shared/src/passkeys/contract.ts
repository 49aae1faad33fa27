import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { PASSKEYS_ENDPOINTS } from './endpoints';
import {
  passkeyAddInputSchema,
  passkeyAddedSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyListSchema,
  passkeyOptionsInputSchema,
  passkeyParamsSchema,
  passkeyRegistrationOptionsInputSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRenameInputSchema,
  passkeyRenamedSchema,
} from './schemas';

/** Passkeys: each endpoint's params, body and answer (ADR 044). */
export const passkeysContract = defineContract(PASSKEYS_ENDPOINTS, {
  listPasskeys: {
    summary: "The caller's passkeys",
    response: passkeyListSchema,
  },
  passkeyRegistrationOptions: {
    summary:
      'WebAuthn options to create a passkey (PublicKeyCredentialCreationOptionsJSON), with the password; the challenge lasts 5 minutes',
    body: passkeyRegistrationOptionsInputSchema,
    response: passkeyRegistrationOptionsSchema,
  },
  addPasskey: {
    summary:
      "Adds a passkey from the device's answer; the account's first second factor also gets ten recovery codes, and the owner is emailed",
    body: passkeyAddInputSchema,
    response: passkeyAddedSchema,
    status: 201,
  },
  renamePasskey: {
    summary: 'Renames one of the caller’s passkeys',
    params: passkeyParamsSchema,
    body: passkeyRenameInputSchema,
    response: passkeyRenamedSchema,
  },
  removePasskey: {
    summary: 'Removes one of the caller’s passkeys (staff keep at least one second factor: 409)',
    params: passkeyParamsSchema,
    response: successMessageSchema,
  },
  passkeySignInOptions: {
    summary:
      "Sign in's second step with a passkey: WebAuthn options (PublicKeyCredentialRequestOptionsJSON) for the challenge",
    body: passkeyOptionsInputSchema,
    response: passkeyAuthenticationOptionsSchema,
  },
});

export type PasskeysContract = typeof passkeysContract;
