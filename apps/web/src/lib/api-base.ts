import type { AUTH_ENDPOINTS } from '@firm/shared/auth/endpoints';

/** The API's base address: on the site's own origin (docs/product-rules.md, "Wire contract"). */
export const API_BASE = '/api';

/**
 * The session check: who the stored token belongs to (lib/session.tsx asks the auth contract's
 * `signedInUser`). A portal page asks for it as it starts (app/first-requests.ts), before the
 * contract's addresses have loaded: a plain string here, checked against them by its type only.
 */
export const SESSION_CHECK_PATH =
  '/auth/me' satisfies (typeof AUTH_ENDPOINTS)['signedInUser']['path'];
