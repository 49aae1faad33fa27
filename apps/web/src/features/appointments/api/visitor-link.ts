import type { AppointmentAnswer } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { APPOINTMENTS_KEY } from './list-appointments';
import { useScreenQuery } from '../../../lib/screen-query';

const key = (token: string) => [...APPOINTMENTS_KEY, 'visitor-link', token] as const;

/** POST /api/appointments/manage: the booking a visitor's emailed link names. */
export function useVisitorBooking(token: string | null) {
  return useScreenQuery({
    queryKey: key(token ?? ''),
    queryFn: () => api.post<AppointmentAnswer>('/appointments/manage', { token }),
    enabled: token !== null,
    retry: false,
  });
}

/**
 * POST /api/appointments/manage/confirm: the visitor confirms their held booking. A
 * POST from a button, never on opening the link: mail scanners open links.
 */
export function useVisitorConfirm(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AppointmentAnswer>('/appointments/manage/confirm', { token }),
    onSuccess: (answer) => queryClient.setQueryData(key(token), answer),
    // Refused (the hold ran out meanwhile): show the booking as it now stands.
    onError: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}

export function useVisitorCancel(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<AppointmentAnswer>('/appointments/manage/cancel', { token, reason }),
    onSuccess: (answer) => queryClient.setQueryData(key(token), answer),
  });
}

export function useVisitorReschedule(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      api.post<AppointmentAnswer>('/appointments/manage/reschedule', { token, ...slot }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(token), answer);
      return queryClient.invalidateQueries({ queryKey: [...APPOINTMENTS_KEY, 'availability'] });
    },
  });
}
