import type { QueryClient } from '@tanstack/react-query';
import { APPOINTMENTS_KEY } from './list-appointments';

/** The key a client's appointment payment is followed under. */
export const appointmentPaymentKey = (paymentId: string) =>
  [...APPOINTMENTS_KEY, 'payment', paymentId] as const;

/** The appointments (lists and each one), asked again; not the payments followed. */
export const refreshAppointments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: APPOINTMENTS_KEY,
    predicate: (query) =>
      query.queryKey[1] !== 'payment' && query.queryKey[1] !== 'visitor-payment',
  });
