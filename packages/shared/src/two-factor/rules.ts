/**
 * Two-factor sign-in (docs/product-rules.md#accounts, ADR 037): authenticator-app codes (TOTP,
 * RFC 6238), recovery codes, and the short-lived challenge a correct password opens.
 */

/** An authenticator's code: six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (a phone's clock a little off). */
export const TOTP_WINDOW = 1;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Mwamba & Associates';

/** Recovery codes given at once, each usable once: `abcde-fghij`. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** The challenge after a correct password: how long it lasts, and how many wrong codes end it. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_MAX_FAILURES = 5;

/** A typed recovery code as stored: lower case, spaces dropped, the dash put back. */
export function normalizeRecoveryCode(code: string): string {
  const letters = code.toLowerCase().replace(/[^a-z2-7]/g, '');
  return letters.length === 10 ? `${letters.slice(0, 5)}-${letters.slice(5)}` : code.trim();
}

/** The most days a firm may let its staff sign in before they set up a second factor. */
export const TWO_FACTOR_GRACE_MAX_DAYS = 7;

/**
 * Where a staff account without a second factor stands: `due` while its grace lasts (the portal
 * says by when), `required` once it has run out (only setting it up is open). `twoFactorDueAt` is
 * set at the first sign-in without one (ADR 037).
 */
export function twoFactorSetupState(
  user: { twoFactorDueAt?: string | null | undefined },
  now: Date,
): 'none' | 'due' | 'required' {
  if (!user.twoFactorDueAt) return 'none';
  return Date.parse(user.twoFactorDueAt) <= now.getTime() ? 'required' : 'due';
}
