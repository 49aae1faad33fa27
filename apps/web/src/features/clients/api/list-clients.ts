import type { ClientList, ListClientsQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { useScreenQuery } from '../../../lib/screen-query';

export type ClientListFilters = Pick<
  ListClientsQuery,
  'search' | 'status' | 'joinedFrom' | 'joinedTo' | 'sort' | 'page' | 'limit'
>;

/** Every client query starts with this key; a change to a client refreshes them. */
export const CLIENTS_KEY = ['clients'] as const;

/** GET /api/clients */
export function getClients(filters: ClientListFilters, signal?: AbortSignal): Promise<ClientList> {
  return clientsApi.listClients({ query: filters }, signal);
}

export const clientsQueryOptions = (filters: ClientListFilters) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'list', filters],
    queryFn: ({ signal }) => getClients(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useClients(filters: ClientListFilters) {
  return useScreenQuery(clientsQueryOptions(filters));
}
