import {
  BILLING_SCREEN_TEXTS,
  MPESA_PAY_TEXTS,
  APPOINTMENT_MESSAGES as M,
  MPESA_TEXTS,
  VISITOR_HOLD_MINUTES,
  nairobiDateTime,
  type Appointment,
  type VisitorMpesaPaymentValues,
} from '@firm/shared';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { MpesaPayDialog, mpesaPayResolver } from '../../../components/payment/mpesa-pay-dialog';
import { ListError } from '../../../components/list/list-states';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  useVisitorBooking,
  useVisitorCancel,
  useVisitorConfirm,
  useVisitorReschedule,
} from '../api/visitor-link';
import {
  startVisitorMpesaPayment,
  visitorPaymentStatus,
} from '../../../components/payment/payment-requests';
import { downloadVisitorReceipt, visitorPaymentKey } from '../api/visitor-mpesa';
import { CancelModal } from './cancel-dialog';
import { RescheduleModal } from './reschedule-dialog';
import { AppointmentCard } from './appointment-card';

/**
 * /appointments/manage#token=…: a visitor's booking through their emailed link, without an
 * account: confirm it while it is held (ADR 022), view it, move it to another free time,
 * or cancel it. The server refuses the link once the appointment has started.
 */
export function VisitorBooking({ token }: { token: string | null }) {
  const booking = useVisitorBooking(token);
  const confirm = useVisitorConfirm(token ?? '');
  const cancel = useVisitorCancel(token ?? '');
  const reschedule = useVisitorReschedule(token ?? '');
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | 'pay' | null>(null);

  if (!token) return <LinkProblem message={M.linkInvalid} />;
  if (booking.isPending) return <Spinner label={M.visitorBookingLoading} />;
  if (booking.isError) {
    const message = errorText(booking.error, M.linkInvalid);
    return message === M.linkInvalid ? (
      <LinkProblem message={message} />
    ) : (
      <ListError message={message} onRetry={() => void booking.refetch()} />
    );
  }
  const appointment = booking.data.appointment;
  if (appointment.visitorHold === 'released') return <HoldReleased appointment={appointment} />;
  const isLive = appointment.status === 'scheduled' || appointment.status === 'confirmed';
  // A fee still owed on a booking that stands: paid from here by M-Pesa (ADR 034).
  const owesFee =
    appointment.fee > 0 &&
    appointment.paymentStatus === 'pending' &&
    appointment.status !== 'cancelled';
  // Paid from here once the firm has confirmed the booking (ADR 034, "How many prompts").
  const mayPay = owesFee && appointment.status === 'confirmed';
  const isPaid = appointment.fee > 0 && appointment.paymentStatus === 'paid';
  const confirmError =
    confirm.isError && errorText(confirm.error, M.bookFailed) !== M.holdReleased
      ? errorText(confirm.error, M.bookFailed)
      : null;
  return (
    <div className="space-y-4">
      {appointment.visitorHold === 'awaiting' ? (
        <section
          aria-labelledby="confirm-heading"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id="confirm-heading" className="font-semibold">
            {M.awaitingEmailConfirmation}
          </h2>
          <p className="mt-1 text-sm">
            {appointment.holdExpiresAt ? M.holdUntil(clockOf(appointment.holdExpiresAt)) : null}{' '}
            {M.notReceivedUntilConfirmed}
          </p>
          <Button
            className="mt-3 w-full sm:w-auto"
            onClick={() => confirm.mutate()}
            disabled={confirm.isPending}
          >
            {confirm.isPending ? M.confirming : M.confirmMyBooking}
          </Button>
          {confirmError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {confirmError}
            </p>
          ) : null}
        </section>
      ) : null}
      {confirm.isSuccess && appointment.status !== 'cancelled' ? (
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          {confirm.data.message}
        </p>
      ) : null}
      {appointment.status === 'cancelled' ? <CancelledNotice appointment={appointment} /> : null}
      <AppointmentCard
        appointment={appointment}
        actions={
          isLive || mayPay || isPaid ? (
            <>
              {mayPay ? (
                <Button size="sm" onClick={() => setDialog('pay')}>
                  {MPESA_TEXTS.payButton}
                </Button>
              ) : null}
              {isPaid ? <ReceiptButton token={token} /> : null}
              {isLive ? (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setDialog('reschedule')}>
                    Reschedule
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDialog('cancel')}>
                    Cancel
                  </Button>
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {owesFee && !mayPay ? (
        <p className="text-sm text-slate-700">{MPESA_TEXTS.bookingNotConfirmed}</p>
      ) : null}
      {dialog === 'cancel' ? (
        <CancelModal
          appointment={appointment}
          onClose={() => setDialog(null)}
          onCancel={(reason) => cancel.mutateAsync(reason)}
        />
      ) : null}
      {dialog === 'reschedule' ? (
        <RescheduleModal
          appointment={appointment}
          onClose={() => setDialog(null)}
          onSave={(slot) => reschedule.mutateAsync(slot)}
        />
      ) : null}
      {dialog === 'pay' ? (
        <VisitorPayDialog
          token={token}
          appointment={appointment}
          onPaid={() => void booking.refetch()}
          onClose={(asked) => {
            setDialog(null);
            if (asked) void booking.refetch();
          }}
        />
      ) : null}
    </div>
  );
}

const visitorPaySchema = lazyZodResolver<Record<string, unknown>, VisitorMpesaPaymentValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.visitorMpesaPaymentSchema as never),
);

/**
 * Pay with M-Pesa for the booking's fee (the shared dialog): the phone the visitor booked with
 * offered first; the link's token names the booking. Once M-Pesa has answered, the booking is
 * asked again (shown as paid).
 */
function VisitorPayDialog({
  token,
  appointment,
  onPaid,
  onClose,
}: {
  token: string;
  appointment: Appointment;
  onPaid: () => void;
  onClose: (asked: boolean) => void;
}) {
  const resolver = useMemo(
    () => mpesaPayResolver(visitorPaySchema, { token }, appointment.fee),
    [token, appointment.fee],
  );
  useEffect(() => visitorPaySchema.preload(), []);
  return (
    <MpesaPayDialog
      description={MPESA_PAY_TEXTS.bookingDescription(appointment.reference)}
      closeHint={MPESA_PAY_TEXTS.bookingCloseHint}
      phone={appointment.clientPhone}
      balanceKsh={appointment.fee}
      resolver={resolver}
      start={startVisitorMpesaPayment}
      follow={(paymentId, signal) => visitorPaymentStatus(token, paymentId, signal)}
      paymentKey={visitorPaymentKey}
      onSettled={onPaid}
      onClose={onClose}
      downloadReceipt={(payment) => downloadVisitorReceipt(token, payment.id)}
    />
  );
}

/** The booking's receipt, once paid: the PDF the receipt email carried, again. */
function ReceiptButton({ token }: { token: string }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      isLoading={downloading}
      loadingText={BILLING_SCREEN_TEXTS.downloading}
      onClick={() => {
        setDownloading(true);
        downloadVisitorReceipt(token)
          .catch((error: unknown) =>
            toast.error(errorText(error, BILLING_SCREEN_TEXTS.downloadFailed)),
          )
          .finally(() => setDownloading(false));
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {BILLING_SCREEN_TEXTS.downloadReceipt}
    </Button>
  );
}

/** "10:42": a time of day in Nairobi, whatever the device's zone. */
const clockOf = (iso: string) => nairobiDateTime(new Date(iso)).time;

/** The hold ran out unconfirmed: the time went back to the diary; the visitor may book again. */
function HoldReleased({ appointment }: { appointment: Appointment }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900">
      <p className="font-medium">{M.holdReleased}</p>
      <p className="mt-2 text-sm">
        Booking {appointment.reference} was held for {VISITOR_HOLD_MINUTES} minutes, waiting for
        your confirmation.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/appointments?book=consultation" className={buttonVariants({ size: 'sm' })}>
          {M.bookAgain}
        </Link>
        <Link to="/contact" className={buttonVariants({ size: 'sm', variant: 'secondary' })}>
          Contact Us
        </Link>
      </div>
    </div>
  );
}

/**
 * A cancelled booking says so first (ADR 015): cancelled, when and by whom, no fee due, and
 * the way to book again.
 */
function CancelledNotice({ appointment }: { appointment: Appointment }) {
  return (
    <section
      aria-labelledby="cancelled-heading"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-950"
    >
      <h2 id="cancelled-heading" className="font-semibold">
        {M.cancelledState}
      </h2>
      <p className="mt-1 text-sm">
        {appointment.cancelledAt
          ? M.cancelledOn(
              formatDateTime(appointment.cancelledAt),
              appointment.cancelledBy,
              'person',
            )
          : null}{' '}
        {M.cancelledNoFee}
      </p>
      <Link to={bookAgainPath(appointment)} className={`${buttonVariants({ size: 'sm' })} mt-3`}>
        {M.bookAgain}
      </Link>
    </section>
  );
}

/** The booking form, open on the same type. */
const bookAgainPath = (appointment: Appointment) =>
  `/appointments?book=${appointment.type === 'follow_up' || appointment.type === 'preliminary_call' ? appointment.type : 'consultation'}`;

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900">
      <p className="font-medium">{message}</p>
      <p className="mt-2 text-sm">
        Links work until the appointment starts. Each email the firm sends about your booking
        carries a new link that replaces the earlier ones, so use the one in its latest email. To
        book again, or if something is wrong, book a new appointment or contact us.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/appointments?book=consultation" className={buttonVariants({ size: 'sm' })}>
          Book Consultation
        </Link>
        <Link to="/contact" className={buttonVariants({ size: 'sm', variant: 'secondary' })}>
          Contact Us
        </Link>
      </div>
    </div>
  );
}
