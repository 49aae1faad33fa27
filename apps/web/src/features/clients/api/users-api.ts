import type { UsersContract } from '@firm/shared/users/contract';
import { USERS_ENDPOINTS } from '@firm/shared/users/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/**
 * User management's requests, from its contract (packages/shared/src/users): a client's account
 * is added, reset, switched on and off and re-invited through user management's endpoints.
 */
export const usersApi = endpointClient<UsersContract>(USERS_ENDPOINTS);
