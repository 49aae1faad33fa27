import type { AuthContract } from '@firm/shared/auth/contract';
import { AUTH_ENDPOINTS } from '@firm/shared/auth/endpoints';
import { endpointClient } from './endpoint-client';

/**
 * The session's own requests, from the auth contract (packages/shared/src/auth): who the stored
 * token belongs to (GET /auth/me), and signing out. lib/session.tsx loads this only when there is
 * a session to check or end.
 */
export const sessionApi = endpointClient<AuthContract>(AUTH_ENDPOINTS);
