import type { AppointmentList, ListAppointmentsQuery } from '@firm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every appointments query starts with this key; any change to an appointment refreshes them. */
export const APPOINTMENTS_KEY = ['appointments'] as const;

export function listAppointmentsPath(filters: ListAppointmentsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== 'all') params.set(name, String(value));
  }
  const query = params.toString();
  return `/appointments${query ? `?${query}` : ''}`;
}

/** GET /api/appointments */
export const appointmentsQueryOptions = (filters: ListAppointmentsQuery) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'list', filters],
    queryFn: ({ signal }) => api.get<AppointmentList>(listAppointmentsPath(filters), signal),
    placeholderData: keepPreviousData,
  });

export function useAppointments(filters: ListAppointmentsQuery) {
  return useQuery(appointmentsQueryOptions(filters));
}
