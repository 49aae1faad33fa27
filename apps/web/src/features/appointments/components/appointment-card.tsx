import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_LOCATION_LABELS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_DEFAULTS,
  PAYMENT_METHOD_LABELS,
  appointmentWhere,
  formatKsh,
  formatNairobiDay,
  officeById,
  type Appointment,
  type AppointmentStatus,
  type AppointmentType,
} from '@firm/shared';
import { Briefcase, Calendar, Clock, Gavel, MessagesSquare, Phone, User } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';

const TYPE_ICONS: Record<AppointmentType, typeof Briefcase> = {
  preliminary_call: Phone,
  consultation: MessagesSquare,
  follow_up: Briefcase,
  court_appearance: Gavel,
};

const STATUS_STYLES: Record<AppointmentStatus, string> = {
  scheduled: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-green-50 text-green-800 ring-green-200',
  completed: 'bg-slate-100 text-slate-700 ring-slate-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** The status, or where a visitor's held booking stands (awaiting the email, released). */
export function StatusBadge({
  status,
  hold = null,
}: {
  status: AppointmentStatus;
  hold?: Appointment['visitorHold'];
}) {
  const style = hold === 'released' ? STATUS_STYLES.cancelled : STATUS_STYLES[status];
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${style}`}>
      {hold ? APPOINTMENT_MESSAGES.holdBadge[hold] : APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** The place in a word, for the staff agenda's one line: the office's name, or how. */
export function whereOf(appointment: Appointment): string {
  if (appointment.location === 'office') return officeById(appointment.officeId).name;
  return APPOINTMENT_LOCATION_LABELS[appointment.location];
}

/**
 * The place in full (ADR 015): the office's name, address and a map link; the number we
 * will call; the meeting link.
 */
function WhereDetails({ appointment }: { appointment: Appointment }) {
  // Cancelled: no call or video meeting will happen, so the card names the kind of meeting it was
  // instead of promising one (the emails do the same).
  if (appointment.status === 'cancelled' && appointment.location !== 'office') {
    return <>{APPOINTMENT_LOCATION_LABELS[appointment.location]}</>;
  }
  if (appointment.location === 'video' && appointment.meetingLink) {
    return (
      <a
        href={appointment.meetingLink}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium break-all text-brand-800 underline"
      >
        {APPOINTMENT_MESSAGES.joinTheCall}
      </a>
    );
  }
  const where = appointmentWhere(appointment);
  return (
    <span>
      {where.text}
      {where.mapUrl ? (
        <>
          {' '}
          <a href={where.mapUrl} className="text-brand-800 underline">
            (map)
          </a>
        </>
      ) : null}
    </span>
  );
}

/** The fee as it stands: none for a cancelled appointment, "free" for the free call (item 8). */
function FeeDetails({ appointment }: { appointment: Appointment }) {
  if (appointment.status === 'cancelled') return <>{APPOINTMENT_MESSAGES.cancelledNoFee}</>;
  if (appointment.fee === 0) return <>{APPOINTMENT_MESSAGES.freeOfCharge}</>;
  return (
    <>
      {formatKsh(appointment.fee)} ·{' '}
      <span className={appointment.paymentStatus === 'paid' ? 'text-green-800' : 'text-amber-800'}>
        {appointment.paymentStatus === 'paid'
          ? `Paid${appointment.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[appointment.paymentMethod]})` : ''}`
          : 'Payment pending'}
      </span>
    </>
  );
}

/**
 * One appointment as docs/product-rules.md#screens lists it: title, description, type icon, status, date, time
 * with duration, client, fee in KSh and payment status. Dates and times are Nairobi's.
 */
export function AppointmentCard({
  appointment,
  actions,
  viewer = 'person',
}: {
  appointment: Appointment;
  actions?: React.ReactNode;
  /** Who reads it: the person booked ("cancelled by you") or the firm ("by the client"). */
  viewer?: 'person' | 'firm';
}) {
  const Icon = TYPE_ICONS[appointment.type];
  const typeLabel = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
  return (
    <article
      aria-labelledby={`appointment-${appointment.id}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span
          className="rounded-md bg-brand-50 p-2 text-brand-800"
          title={typeLabel}
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`appointment-${appointment.id}`} className="font-semibold text-slate-900">
              {appointment.title}
            </h3>
            <StatusBadge status={appointment.status} hold={appointment.visitorHold} />
          </div>
          <p className="text-xs text-slate-600">
            {typeLabel} · {appointment.reference}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{appointment.description}</p>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt>
            <Calendar aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Date</span>
          </dt>
          <dd>{formatNairobiDay(appointment.date)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Time</span>
          </dt>
          <dd>
            {appointment.time} ({appointment.duration} min)
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <User aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Client</span>
          </dt>
          <dd>{appointment.client}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium">Fee</dt>
          <dd>
            <FeeDetails appointment={appointment} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium">Where</dt>
          <dd>
            <WhereDetails appointment={appointment} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium">Advocate</dt>
          <dd>{appointment.advocateName}</dd>
        </div>
        {appointment.status === 'cancelled' && appointment.cancelledAt ? (
          <div className="flex items-center gap-2 sm:col-span-2">
            <dt className="font-medium">{APPOINTMENT_MESSAGES.cancelledState}</dt>
            <dd data-testid="cancelled-on">
              {APPOINTMENT_MESSAGES.cancelledOn(
                formatDateTime(appointment.cancelledAt),
                appointment.cancelledBy,
                viewer,
              )}
            </dd>
          </div>
        ) : null}
        {appointment.cancellationReason ? (
          <div className="flex items-center gap-2 sm:col-span-2">
            <dt className="font-medium">Reason</dt>
            <dd>{appointment.cancellationReason}</dd>
          </div>
        ) : null}
      </dl>
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
