/** The spec's "configured backend base address": the API on this origin. */
export const API_BASE = '/api';

/**
 * The session check: who the stored token belongs to (lib/session.tsx). A portal page asks for it
 * as it starts (app/first-requests.ts), so it is named once for both.
 */
export const SESSION_CHECK_PATH = '/auth/me';
