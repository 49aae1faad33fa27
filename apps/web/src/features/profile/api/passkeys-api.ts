import type { PasskeysContract } from '@firm/shared/passkeys/contract';
import { PASSKEYS_ENDPOINTS } from '@firm/shared/passkeys/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The person's own passkeys' requests, from their contract (packages/shared/src/passkeys). */
export const passkeysApi = endpointClient<PasskeysContract>(PASSKEYS_ENDPOINTS);
