import type { ClientUpdated, UpdateClientInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { CLIENTS_KEY } from './list-clients';

/** PATCH /api/clients/:id */
export function updateClient(id: string, input: UpdateClientInput): Promise<ClientUpdated> {
  return clientsApi.updateClient({ params: { id }, body: input });
}

export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateClientInput) => updateClient(id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData([...CLIENTS_KEY, 'detail', id], {
        success: true,
        client: updated.client,
        cases: updated.cases,
        appointments: updated.appointments,
      });
      return queryClient.invalidateQueries({ queryKey: [...CLIENTS_KEY, 'list'] });
    },
  });
}
