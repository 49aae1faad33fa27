import type { ProfileContract } from '@firm/shared/profile/contract';
import { PROFILE_ENDPOINTS } from '@firm/shared/profile/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The signed-in person's own account's requests, from their contract (packages/shared/src/profile). */
export const profileApi = endpointClient<ProfileContract>(PROFILE_ENDPOINTS);
