import {
  APPOINTMENT_MESSAGES as M,
  VISITOR_HOLD_MINUTES,
  appointmentWhere,
  formatKsh,
  formatLongDay,
  nairobiDateTime,
  type Appointment,
} from '@firm/shared';
import { CalendarPlus, CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { Modal } from '../../../components/ui/modal';
import type { BookingMode } from './booking-values';
import { BookingNotOpen } from './slot-picker';

/*
 * What the booking modal shows in place of its form: before it, when no one takes bookings yet;
 * after it, what happened to the booking (ADR 015, ADR 022).
 */

/**
 * A fresh install (no advocate takes bookings yet): the reason and the other ways in, instead of a
 * form whose calendar would never offer a time (ADR 015).
 */
export function BookingNotOpenModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Book an Appointment"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">{M.bookingNotOpenHeading}</h3>
        <BookingNotOpen />
      </div>
    </Modal>
  );
}

/** The booking's reference and time, then what else its screen says of it (`children`). */
function BookingFacts({
  appointment,
  children,
}: {
  appointment: Appointment;
  children: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4">
      <dt className="font-medium">Reference</dt>
      <dd data-testid="booking-reference">{appointment.reference}</dd>
      <dt className="font-medium">When</dt>
      <dd>
        {formatLongDay(appointment.date)}, {appointment.time} ({appointment.duration} min)
      </dd>
      {children}
    </dl>
  );
}

/** After booking: what happens next, the reference, and the calendar file for the phone. */
export function BookingDone({
  appointment,
  calendar,
  mode,
  onClose,
}: {
  appointment: Appointment;
  calendar: string;
  mode: BookingMode;
  onClose: () => void;
}) {
  const href = useMemo(
    () => URL.createObjectURL(new Blob([calendar], { type: 'text/calendar;charset=utf-8' })),
    [calendar],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    // One voice (ADR 015): a client's booking is requested, awaiting the firm's
    // confirmation; staff booked it for the client. The contract text 'Appointment booked
    // successfully!' stays the toast (docs/texts.md).
    <Modal
      title={mode === 'staff' ? M.bookedForClientHeading(appointment.client) : M.requestedHeading}
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4 text-sm text-slate-800">
        <p className="flex items-start gap-2">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>
            <strong className="block">
              {mode === 'staff' ? M.bookedByFirmState : M.requestedState}
            </strong>
            {mode === 'staff' ? null : M.whatHappensNext}
          </span>
        </p>
        <BookingFacts appointment={appointment}>
          <dt className="font-medium">Where</dt>
          <dd>{appointmentWhere(appointment).text}</dd>
          <dt className="font-medium">Fee</dt>
          <dd>{appointment.fee === 0 ? M.freeOfCharge : formatKsh(appointment.fee)}</dd>
        </BookingFacts>
        <p>
          {mode === 'visitor'
            ? M.detailsEmailedToVisitor
            : mode === 'staff'
              ? M.detailsEmailedToClient(appointment.client, appointment.advocateName)
              : M.followInMyAppointments}
        </p>
        <a
          href={href}
          download={`appointment-${appointment.reference}.ics`}
          className="inline-flex items-center gap-2 font-semibold text-brand-800 underline"
        >
          <CalendarPlus aria-hidden="true" className="size-5" />
          Add to my calendar (.ics)
        </a>
      </div>
    </Modal>
  );
}

/**
 * A visitor's booking is held until they confirm it from the email (ADR 022): this
 * screen says exactly that, how long the hold lasts and until when, and where to look.
 */
export function HeldBookingDone({
  appointment,
  onClose,
}: {
  appointment: Appointment;
  onClose: () => void;
}) {
  const until = appointment.holdExpiresAt
    ? nairobiDateTime(new Date(appointment.holdExpiresAt)).time
    : null;
  return (
    <Modal title={M.heldHeading} onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      <div className="space-y-4 text-sm text-slate-800">
        <p className="flex items-start gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <span>
            <strong className="block">{M.awaitingEmailConfirmation}</strong>
            {M.holdExplained(VISITOR_HOLD_MINUTES)}
          </span>
        </p>
        <BookingFacts appointment={appointment}>
          <dt className="font-medium">Email sent to</dt>
          <dd>
            <EmailText email={appointment.clientEmail ?? ''} />
          </dd>
          {until ? (
            <>
              <dt className="font-medium">Confirm by</dt>
              <dd>{until} (Nairobi time)</dd>
            </>
          ) : null}
        </BookingFacts>
      </div>
    </Modal>
  );
}
