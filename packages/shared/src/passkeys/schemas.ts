import { z } from 'zod';
import { loginPasswordField } from '../auth/schemas';
import { requiredText, uuidField } from '../common/fields';
import { PASSKEY_NAME_MAX } from './rules';
import { PASSKEY_TEXTS as P } from './texts';

/**
 * Passkeys' requests and answers (ADR 037, "Passkeys"). The WebAuthn options and the browser's
 * answers are the JSON forms SimpleWebAuthn reads and writes (W3C WebAuthn Level 3's `toJSON`):
 * binary values as base64url.
 */

/** A binary value as base64url (no padding), at most `max` characters. */
const base64url = (max: number) =>
  z
    .string({ error: P.responseInvalid })
    .min(1, { error: P.responseInvalid })
    .max(max, { error: P.responseInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: P.responseInvalid });

const credentialType = z.literal('public-key', { error: P.responseInvalid });
const attachment = z.enum(['platform', 'cross-platform'], { error: P.responseInvalid });
/** What the browser says the extensions did: kept as it came, never trusted. */
const extensionResults = z.record(z.string(), z.unknown(), { error: P.responseInvalid });
const transport = z
  .string()
  .max(20)
  .regex(/^[a-z-]+$/);

/** navigator.credentials.create()'s answer, as JSON (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: credentialType,
    response: z.object(
      {
        clientDataJSON: base64url(8000),
        attestationObject: base64url(64_000),
        authenticatorData: base64url(32_000).optional(),
        transports: z.array(transport).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(8000).optional(),
      },
      { error: P.responseInvalid },
    ),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults,
  },
  { error: P.responseInvalid },
);

/** navigator.credentials.get()'s answer, as JSON (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: credentialType,
    response: z.object(
      {
        clientDataJSON: base64url(8000),
        authenticatorData: base64url(32_000),
        // Room for every signature a passkey may make: an ML-DSA-87 one (COSE -50) is 4,627
        // bytes, 6,170 characters here; Chromium's own passkeys now sign with ML-DSA-44 (2,420
        // bytes), which the 2,000 characters this field once allowed refused at sign-in.
        signature: base64url(8000),
        userHandle: base64url(200).optional(),
      },
      { error: P.responseInvalid },
    ),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults,
  },
  { error: P.responseInvalid },
);
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

export const passkeyNameField = requiredText(P.nameRequired, PASSKEY_NAME_MAX);

/** POST /api/auth/2fa/passkeys: the name, and the browser's answer to the registration options. */
export const passkeyAddInputSchema = z.object({
  name: passkeyNameField,
  response: passkeyRegistrationResponseSchema,
});

/** PATCH /api/auth/2fa/passkeys/:id */
export const passkeyRenameInputSchema = z.object({ name: passkeyNameField });
export const passkeyParamsSchema = z.object({ id: uuidField(P.notFound) });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/2fa/passkeys */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** POST /api/auth/2fa/passkeys: 201, with the recovery codes when it is the first second factor. */
export const passkeyAddedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  passkey: passkeySchema,
  recoveryCodes: z.array(z.string()).optional(),
});
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;

export const passkeyRenamedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  passkey: passkeySchema,
});

const credentialDescriptor = z.looseObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/**
 * POST /api/auth/2fa/passkeys/registration-options: PublicKeyCredentialCreationOptionsJSON,
 * what the browser's startRegistration takes. Loose: a member the library adds passes through.
 */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});

/** POST /api/auth/login/2fa/passkey-options: the challenge a right password opened. */
export const passkeyOptionsInputSchema = z.object({
  challengeToken: z.string().min(1).max(200),
});

/** … answers PublicKeyCredentialRequestOptionsJSON, what startAuthentication takes. */
export const passkeyAuthenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/**
 * POST /api/auth/2fa/passkeys/registration-options: the password, as new recovery codes and
 * turning two-factor off take, so that a session alone (a browser left signed in, a stolen token)
 * cannot add a passkey of its own (ADR 037, "Passkeys").
 */
export const passkeyRegistrationOptionsInputSchema = z.object({ password: loginPasswordField });
export type PasskeyRegistrationOptionsInput = z.infer<typeof passkeyRegistrationOptionsInputSchema>;
