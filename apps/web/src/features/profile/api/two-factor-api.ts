import type { TwoFactorContract } from '@firm/shared/two-factor/contract';
import { TWO_FACTOR_ENDPOINTS } from '@firm/shared/two-factor/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The person's own second factor's requests, from their contract (packages/shared/src/two-factor). */
export const twoFactorApi = endpointClient<TwoFactorContract>(TWO_FACTOR_ENDPOINTS);
