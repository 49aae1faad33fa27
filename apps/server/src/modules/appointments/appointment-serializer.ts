import {
  APPOINTMENT_MESSAGES as M,
  appointmentReference,
  can,
  nairobiDateTime,
  type Actor,
  type Appointment,
  type AppointmentWithContact,
} from '@firm/shared';
import type { AppointmentRow } from '../../db/schema';
import type { AppointmentWithAdvocate } from './appointments.repository';

/** An appointment as the API answers with it, and what each viewer may see of it. */

// The human reference (APT-…) is shared: billing quotes it as a paybill account number.
export { appointmentReference };

/** Scheduled or confirmed: an appointment that may still be moved, confirmed or cancelled. */
export const isLive = (row: Pick<AppointmentRow, 'status'>) =>
  row.status === 'scheduled' || row.status === 'confirmed';

/**
 * Where a visitor's booking stands with its hold (ADR 022): awaiting the visitor's
 * confirmation from the email while the hold lasts; released once it ran out (even before the
 * periodic job has marked it cancelled); null for every confirmed or non-visitor booking.
 */
export function visitorHoldOf(
  row: Pick<AppointmentRow, 'holdExpiresAt' | 'status' | 'cancellationReason'>,
  now: Date = new Date(),
): Appointment['visitorHold'] {
  if (!row.holdExpiresAt) return null;
  if (row.status === 'scheduled') {
    return row.holdExpiresAt.getTime() > now.getTime() ? 'awaiting' : 'released';
  }
  return row.status === 'cancelled' && row.cancellationReason === M.holdReleasedReason
    ? 'released'
    : null;
}

export function toAppointment(
  row: AppointmentWithAdvocate,
  now: Date = new Date(),
): AppointmentWithContact {
  const { date, time } = nairobiDateTime(row.startsAt);
  return {
    id: row.id,
    reference: appointmentReference(row.id),
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    date,
    time,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    duration: row.durationMinutes,
    fee: row.feeKsh,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod ?? null,
    paymentReference: row.paymentReference ?? null,
    location: row.location,
    officeId: row.officeId ?? null,
    meetingLink: row.meetingLink ?? null,
    client: `${row.clientFirstName} ${row.clientLastName}`,
    clientId: row.clientId ?? null,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone ?? null,
    advocateId: row.advocateId ?? '',
    advocateName: row.advocateName ?? 'Unassigned',
    cancellationReason: row.cancellationReason ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy ?? null,
    visitorHold: visitorHoldOf(row, now),
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The whole record with its calendar sequence: what emails and calendar files are made from. */
export const forMail = (row: AppointmentWithAdvocate, now?: Date) => ({
  ...toAppointment(row, now),
  sequence: row.sequence,
});

/**
 * An appointment as `viewer` may see it (ADR 021). Every admin lists the diary, but the booked
 * person's email and phone go only to those who handle bookings (`appointments:contact`: advocates,
 * admins with canScheduleAppointments or canAdmitClients, and a client for their own); the others
 * get the name, time and purpose. Emails and calendar files use the whole record, not this.
 */
export function appointmentAsSeenBy(viewer: Actor, appointment: Appointment): Appointment {
  if (can(viewer, 'appointments:contact', { clientId: appointment.clientId })) return appointment;
  return { ...appointment, clientEmail: null, clientPhone: null };
}
