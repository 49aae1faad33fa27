import type { PasskeysContract } from '@firm/shared/passkeys/contract';
import { PASSKEYS_ENDPOINTS } from '@firm/shared/passkeys/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Sign-in's passkey question, from the passkeys' contract (packages/shared/src/passkeys). */
export const passkeysApi = endpointClient<PasskeysContract>(PASSKEYS_ENDPOINTS);
