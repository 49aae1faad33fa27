/** The API's base address: on the site's own origin (docs/product-rules.md, "Wire contract"). */
export const API_BASE = '/api';

/**
 * The session check: who the stored token belongs to (lib/session.tsx). A portal page asks for it
 * as it starts (app/first-requests.ts), so it is named once for both.
 */
export const SESSION_CHECK_PATH = '/auth/me';
