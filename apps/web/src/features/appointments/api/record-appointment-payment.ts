import type { Appointment, RecordPaymentValues } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordPayment } from '../../../components/payment/payment-requests';
import { APPOINTMENTS_KEY } from './list-appointments';

/**
 * Record payment for an appointment's fee, through POST /api/payments (ADR 035) so that it gets a
 * numbered RC receipt like any payment: the method, and the reference (an M-Pesa code, a bank
 * reference) that only cash may go without. The amount is the appointment's fee.
 */
export function useRecordAppointmentPayment(appointment: Appointment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: RecordPaymentValues) =>
      recordPayment({
        appointmentId: appointment.id,
        amountKsh: appointment.fee,
        method: payment.paymentMethod,
        reference: payment.paymentReference,
      }),
    // The card's paid status, and the fees the lists and the dashboard count.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}
