import type { ClientRead } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { CLIENTS_KEY } from './list-clients';
import { useScreenQuery } from '../../../lib/screen-query';

/** GET /api/clients/:id (each read is audited on the server). */
export function getClient(id: string, signal?: AbortSignal): Promise<ClientRead> {
  return clientsApi.getClient({ params: { id } }, signal);
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => getClient(id, signal),
  });

export function useClient(id: string) {
  return useScreenQuery(clientQueryOptions(id));
}
