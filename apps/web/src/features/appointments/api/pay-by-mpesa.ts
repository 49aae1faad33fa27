import type { MpesaPaymentValues, Payment } from '@firm/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { APPOINTMENTS_KEY } from './list-appointments';

/** What POST /api/payments/mpesa answers (mpesaPaymentStartedSchema): the payment to follow. */
export interface AppointmentMpesaStarted {
  id: string;
  status: 'pending';
  checkoutRequestId: string;
  message: string;
}

/**
 * POST /api/payments/mpesa: M-Pesa asks the signed-in client's phone for their PIN, for their
 * appointment's fee ({ appointmentId, phone, amountKsh? }).
 */
export function startAppointmentMpesaPayment(
  input: MpesaPaymentValues,
): Promise<AppointmentMpesaStarted> {
  return api.post<AppointmentMpesaStarted>('/payments/mpesa', input);
}

/** GET /api/payments/:id: the payment followed, as it stands. */
export function appointmentPaymentStatus(id: string, signal?: AbortSignal): Promise<Payment> {
  return api.get<Payment>(`/payments/${encodeURIComponent(id)}`, signal);
}

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
