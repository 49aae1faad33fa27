import type { EtimsContract } from '@firm/shared/etims/contract';
import { ETIMS_ENDPOINTS } from '@firm/shared/etims/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** KRA eTIMS' requests, from its contract (packages/shared/src/etims, ADR 049). */
export const etimsApi = endpointClient<EtimsContract>(ETIMS_ENDPOINTS);
