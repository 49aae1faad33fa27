import type { BookableClients } from '@firm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { APPOINTMENTS_KEY } from './list-appointments';

/** GET /api/appointments/clients?search=: the clients staff may book for. */
export function useBookableClients(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: [...APPOINTMENTS_KEY, 'clients', search],
    queryFn: ({ signal }) =>
      api.get<BookableClients>(
        `/appointments/clients${search ? `?search=${encodeURIComponent(search)}` : ''}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
