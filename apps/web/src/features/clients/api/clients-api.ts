import type { ClientsContract } from '@firm/shared/clients/contract';
import { CLIENTS_ENDPOINTS } from '@firm/shared/clients/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Clients' and the enquiries inbox's requests, from their contract (packages/shared/src/clients). */
export const clientsApi = endpointClient<ClientsContract>(CLIENTS_ENDPOINTS);
