import type { AppointmentType } from '@firm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentsApi } from './appointments-api';
import { APPOINTMENTS_KEY } from './list-appointments';

export interface AvailabilityParams {
  date: string;
  type: AppointmentType;
  advocateId?: string | undefined;
  /** Rescheduling: the appointment being moved does not block its own time. */
  excludeId?: string | undefined;
}

/** GET /api/appointments/availability: the free start times of a day. */
export const availabilityQueryOptions = (params: AvailabilityParams) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'availability', params],
    queryFn: ({ signal }) => appointmentsApi.availability({ query: params }, signal),
    // Free times change as people book: never show ones older than half a minute.
    staleTime: 30_000,
  });

export function useAvailability(params: AvailabilityParams | null) {
  return useQuery({
    ...availabilityQueryOptions(params ?? { date: '', type: 'consultation' }),
    enabled: params !== null,
  });
}

export interface BookingCalendarParams {
  month: string;
  type: AppointmentType;
  advocateId?: string | undefined;
  /** Rescheduling: the appointment being moved does not fill its own day. */
  excludeId?: string | undefined;
}

/**
 * GET /api/appointments/calendar: a month at a glance for the type (and advocate) in one request
 * (ADR 015): closed days, days without a free time, whether booking is open.
 */
export const bookingCalendarQueryOptions = (params: BookingCalendarParams) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'calendar', params],
    queryFn: ({ signal }) => appointmentsApi.bookingCalendar({ query: params }, signal),
    // Which days are full changes as people book, like the free times.
    staleTime: 30_000,
  });

export function useBookingCalendar(params: BookingCalendarParams) {
  return useQuery(bookingCalendarQueryOptions(params));
}
