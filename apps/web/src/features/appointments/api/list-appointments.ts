import type { ListAppointmentsQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { appointmentsApi } from './appointments-api';
import { useScreenQuery } from '../../../lib/screen-query';

/** Every appointments query starts with this key; any change to an appointment refreshes them. */
export const APPOINTMENTS_KEY = ['appointments'] as const;

/** GET /api/appointments */
export const appointmentsQueryOptions = (filters: ListAppointmentsQuery) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'list', filters],
    queryFn: ({ signal }) => appointmentsApi.listAppointments({ query: filters }, signal),
    placeholderData: keepPreviousData,
  });

export function useAppointments(filters: ListAppointmentsQuery) {
  return useScreenQuery(appointmentsQueryOptions(filters));
}
