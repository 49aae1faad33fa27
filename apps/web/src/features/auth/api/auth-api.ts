import type { AuthContract } from '@firm/shared/auth/contract';
import { AUTH_ENDPOINTS } from '@firm/shared/auth/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Registration's, sign-in's and passwords' requests, from their contract (packages/shared/src/auth). */
export const authApi = endpointClient<AuthContract>(AUTH_ENDPOINTS);
