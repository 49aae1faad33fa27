/**
 * What a portal page reads as it starts, before React has arrived: the web app's entry finds the
 * stored session token with it, and asks for the screen's first data (ADR 032). Apart from the
 * other constants so that the entry, which every page loads first, stays small.
 */

/** localStorage key of the session token (docs/product-rules.md#records, "Session"). */
export const TOKEN_STORAGE_KEY = 'token';

/** Every list's page size (the web app's lists and the API's default `limit`). */
export const LIST_DEFAULT_LIMIT = 20;

/**
 * A conversation's newest page of messages (GET /api/conversations/:id/messages): here, not only
 * in MESSAGE_LIMITS, so that the portal's early requests read it without the messages' texts.
 */
export const MESSAGE_PAGE_DEFAULT = 50;
