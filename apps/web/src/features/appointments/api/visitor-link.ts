import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsApi } from './appointments-api';
import { APPOINTMENTS_KEY } from './list-appointments';
import { useScreenQuery } from '../../../lib/screen-query';

const key = (token: string) => [...APPOINTMENTS_KEY, 'visitor-link', token] as const;

/** POST /api/appointments/manage: the booking a visitor's emailed link names. */
export function useVisitorBooking(token: string | null) {
  return useScreenQuery({
    queryKey: key(token ?? ''),
    queryFn: () => appointmentsApi.visitorBooking({ body: { token: token! } }),
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
    mutationFn: () => appointmentsApi.visitorConfirm({ body: { token } }),
    onSuccess: (answer) => queryClient.setQueryData(key(token), answer),
    // Refused (the hold ran out meanwhile): show the booking as it now stands.
    onError: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}

export function useVisitorCancel(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => appointmentsApi.visitorCancel({ body: { token, reason } }),
    onSuccess: (answer) => queryClient.setQueryData(key(token), answer),
  });
}

export function useVisitorReschedule(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      appointmentsApi.visitorReschedule({ body: { token, ...slot } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(token), answer);
      return queryClient.invalidateQueries({ queryKey: [...APPOINTMENTS_KEY, 'availability'] });
    },
  });
}
