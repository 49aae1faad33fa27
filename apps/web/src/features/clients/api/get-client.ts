import type { ClientRead } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from './list-clients';
import { useScreenQuery } from '../../../lib/screen-query';

/** GET /api/clients/:id (each read is audited on the server). */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientRead> {
  return api.get<ClientRead>(`/clients/${encodeURIComponent(id)}`, signal);
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => getClient(id, signal),
  });

export function useClient(id: string) {
  return useScreenQuery(clientQueryOptions(id));
}
