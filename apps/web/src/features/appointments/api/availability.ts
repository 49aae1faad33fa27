import type { AppointmentType, Availability, BookingCalendar } from '@firm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ date: params.date, type: params.type });
      if (params.advocateId) query.set('advocateId', params.advocateId);
      if (params.excludeId) query.set('excludeId', params.excludeId);
      return api.get<Availability>(`/appointments/availability?${query}`, signal);
    },
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
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ month: params.month, type: params.type });
      if (params.advocateId) query.set('advocateId', params.advocateId);
      if (params.excludeId) query.set('excludeId', params.excludeId);
      return api.get<BookingCalendar>(`/appointments/calendar?${query}`, signal);
    },
    // Which days are full changes as people book, like the free times.
    staleTime: 30_000,
  });

export function useBookingCalendar(params: BookingCalendarParams) {
  return useQuery(bookingCalendarQueryOptions(params));
}
