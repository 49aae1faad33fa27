import type { ClientList, ListClientsQuery } from '@firm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ClientListFilters = Pick<
  ListClientsQuery,
  'search' | 'status' | 'joinedFrom' | 'joinedTo' | 'sort' | 'page' | 'limit'
>;

/** Every client query starts with this key; a change to a client refreshes them. */
export const CLIENTS_KEY = ['clients'] as const;

export function listClientsPath(filters: ClientListFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== 'all') params.set(name, String(value));
  }
  const query = params.toString();
  return `/clients${query ? `?${query}` : ''}`;
}

/** GET /api/clients */
export function getClients(filters: ClientListFilters, signal?: AbortSignal): Promise<ClientList> {
  return api.get<ClientList>(listClientsPath(filters), signal);
}

export const clientsQueryOptions = (filters: ClientListFilters) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'list', filters],
    queryFn: ({ signal }) => getClients(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useClients(filters: ClientListFilters) {
  return useQuery(clientsQueryOptions(filters));
}
