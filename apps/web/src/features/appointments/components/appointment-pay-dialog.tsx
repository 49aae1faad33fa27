import { MPESA_PAY_TEXTS as P, type Appointment, type MpesaPaymentValues } from '@firm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { MpesaPayDialog, mpesaPayResolver } from '../../../components/payment/mpesa-pay-dialog';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { getPayment, startMpesaPayment } from '../../../components/payment/payment-requests';
import { appointmentPaymentKey, refreshAppointments } from '../api/pay-by-mpesa';

const schemaResolver = lazyZodResolver<Record<string, unknown>, MpesaPaymentValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.mpesaPaymentSchema as never),
);

/**
 * Pay with M-Pesa for a signed-in client's own appointment (ADR 034): the shared dialog, the
 * appointment's fee as the amount and the client's own phone (as their profile has it) first.
 * Once M-Pesa has answered, or on closing after asking, the appointments are asked again (the
 * card then shows Paid).
 */
export function AppointmentPayDialog({
  appointment,
  phone,
  onClose,
}: {
  appointment: Appointment;
  /** The signed-in client's phone (E.164), offered first. */
  phone: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // The shared mpesaPaymentSchema checks the body as it is sent (the appointment's id added).
  const resolver = useMemo(
    () => mpesaPayResolver(schemaResolver, { appointmentId: appointment.id }, appointment.fee),
    [appointment.id, appointment.fee],
  );
  useEffect(() => schemaResolver.preload(), []);
  return (
    <MpesaPayDialog
      description={P.appointmentDescription(appointment.title, appointment.reference)}
      closeHint={P.appointmentCloseHint}
      phone={phone}
      balanceKsh={appointment.fee}
      resolver={resolver}
      start={startMpesaPayment}
      follow={getPayment}
      paymentKey={appointmentPaymentKey}
      onSettled={() => void refreshAppointments(queryClient)}
      onClose={(asked) => {
        // A push asked for may still settle after: the list is asked again.
        if (asked) void refreshAppointments(queryClient);
        onClose();
      }}
    />
  );
}
