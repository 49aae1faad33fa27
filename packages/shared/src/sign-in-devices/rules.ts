/** How long a sign-in alert's "Not you? Secure your account" link works (ADR 037). */
export const SECURE_ACCOUNT_LINK_DAYS = 7;

/**
 * A device not signed in from for this many months is forgotten by the retention purge (it holds
 * a network address), except the account's most recent one: an account that kept none would
 * alert nobody at its next sign-in, as a new account does.
 */
export const SIGN_IN_DEVICE_RETENTION_MONTHS = 12;
