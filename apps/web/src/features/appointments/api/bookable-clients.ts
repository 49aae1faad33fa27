import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { appointmentsApi } from './appointments-api';
import { APPOINTMENTS_KEY } from './list-appointments';

/** GET /api/appointments/clients?search=: the clients staff may book for. */
export function useBookableClients(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: [...APPOINTMENTS_KEY, 'clients', search],
    queryFn: ({ signal }) => appointmentsApi.bookableClients({ query: { search } }, signal),
    placeholderData: keepPreviousData,
  });
}
