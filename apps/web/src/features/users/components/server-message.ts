import { ApiError } from '../../../lib/api-client';

/**
 * SPEC section 8, user management: a failure toast shows the server's message, and the screen's
 * own text ('Failed to delete user') when the server gave none (no answer at all, or an answer
 * without a `message`, such as a proxy's error page).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return fallback;
  if (error.code === undefined && /^Request failed with status code \d+$/.test(error.message)) {
    return fallback;
  }
  return error.message || fallback;
}
