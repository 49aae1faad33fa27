import type { DeliveriesContract } from '@firm/shared/deliveries/contract';
import { DELIVERIES_ENDPOINTS } from '@firm/shared/deliveries/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The delivery log's requests, from its contract (packages/shared/src/deliveries). */
export const deliveriesApi = endpointClient<DeliveriesContract>(DELIVERIES_ENDPOINTS);
