/** Passkeys (WebAuthn) as a second factor (docs/product-rules.md#accounts, ADR 037, "Passkeys"). */

/** How long a passkey being added, or asked for at sign-in, may take. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;
/** A person's passkeys at most (each is a row to check at every sign-in). */
export const PASSKEYS_MAX = 20;

/** The second factors sign-in's challenge offers (`methods`). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
