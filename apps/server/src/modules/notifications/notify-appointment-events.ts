import {
  NOTIFICATION_TEXTS as T,
  APPOINTMENT_TYPE_DEFAULTS,
  can,
  formatNairobiDateTime,
  isClientAccount,
  meetingKindLine,
  isStaffAccount,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { AppointmentRow, UserRow } from '../../db/schema';
import { activeStaff, activeUsersByIds } from '../users/users.repository';
import { notify } from './notifications.service';
import { enquiryHandlers } from './notify-events';

/**
 * Who hears of an appointment booked, changed or coming up (ADR 017), as notify-events.ts does
 * for cases, accounts and court dates: run inside the event's transaction, each person filtered by
 * `can()` with the appointment.
 */

type AppointmentRef = Pick<
  AppointmentRow,
  | 'id'
  | 'clientId'
  | 'advocateId'
  | 'startsAt'
  | 'type'
  | 'clientFirstName'
  | 'clientLastName'
  | 'location'
  | 'officeId'
  | 'meetingLink'
  | 'clientPhone'
>;

/**
 * The meeting's kind in a sentence (ADR 027): to the client "we will call you on …", to staff
 * "call the client on …"; the office or the video link likewise.
 */
const kindLineFor = (row: AppointmentRef, user: UserRow) =>
  meetingKindLine(row, isClientAccount(user) ? 'person' : 'staff');

/** GET /appointments/:id: a client their own; staff every appointment (appointments:view). */
const maySeeAppointment = (row: AppointmentRef) => (user: UserRow) =>
  isClientAccount(user)
    ? user.id === row.clientId && can(user, 'appointments:view', { clientId: row.clientId })
    : can(user, 'appointments:view');

/** "Thu 26 Nov 2026, 10:00": in words on a Nairobi clock (ADR 016). */
const when = (row: AppointmentRef) => formatNairobiDateTime(row.startsAt);
const appointmentSubject = (row: AppointmentRef) => ({ type: 'appointment' as const, id: row.id });
const typeLabel = (row: AppointmentRef) => APPOINTMENT_TYPE_DEFAULTS[row.type].label;
const clientName = (row: AppointmentRef) => `${row.clientFirstName} ${row.clientLastName}`;

/** Staff who may schedule appointments: advocates and admins with canScheduleAppointments. */
async function schedulers(tx: Executor) {
  return (await activeStaff(tx)).filter((user) => can(user, 'appointments:schedule'));
}

/**
 * A new booking. A visitor's goes to the staff who handle enquiries; a client's to the staff who
 * schedule; one made by staff for a client to that client and the advocate booked.
 */
export async function notifyAppointmentBooked(
  tx: Executor,
  row: AppointmentRef,
  actor: UserRow | null,
) {
  const isVisitor = row.clientId === null;
  const isStaff = actor !== null && isStaffAccount(actor);
  if (isVisitor) {
    await notify(tx, await enquiryHandlers(tx), {
      kind: 'visitor_booking_received',
      type: 'info',
      title: T.visitorBooking.title,
      message: T.visitorBooking.message(clientName(row), typeLabel(row), when(row)),
      // The inbox, where it is triaged, converted into a client or answered.
      actionUrl: '/enquiries',
      subject: appointmentSubject(row),
      maySee: (user) => can(user, 'enquiries:view'),
    });
    return;
  }
  if (!isStaff) {
    await notify(
      tx,
      await schedulers(tx),
      {
        kind: 'appointment_booked',
        type: 'info',
        title: T.clientBooking.title,
        message: T.clientBooking.message(clientName(row), typeLabel(row), when(row)),
        actionUrl: '/appointments',
        subject: appointmentSubject(row),
        maySee: maySeeAppointment(row),
      },
      { exceptUserId: actor?.id },
    );
    return;
  }
  // The client hears that the firm booked it for them; the advocate that it is in the diary.
  for (const [ids, message] of [
    [[row.clientId], T.staffBooking.forClient(typeLabel(row), when(row))],
    [[row.advocateId], T.staffBooking.message(typeLabel(row), when(row))],
  ] as const) {
    await notify(
      tx,
      await activeUsersByIds(tx, [...ids]),
      {
        kind: 'appointment_booked',
        type: 'info',
        title: T.staffBooking.title,
        message,
        actionUrl: '/appointments',
        subject: appointmentSubject(row),
        maySee: maySeeAppointment(row),
      },
      { exceptUserId: actor.id },
    );
  }
}

const CHANGE_WORDING = {
  appointment_confirmed: { ...T.appointmentChange.appointment_confirmed, type: 'success' },
  appointment_rescheduled: { ...T.appointmentChange.appointment_rescheduled, type: 'info' },
  appointment_cancelled: { ...T.appointmentChange.appointment_cancelled, type: 'warning' },
} as const;

/**
 * Confirmed, rescheduled or cancelled. Changed by staff: the client and the appointment's
 * advocate hear of it, and so does the advocate it was taken from when a reschedule gives it to
 * another (`previous`: the appointment before the change); changed by the client or visitor: the
 * staff who schedule.
 */
export async function notifyAppointmentChanged(
  tx: Executor,
  row: AppointmentRef,
  kind: keyof typeof CHANGE_WORDING,
  actor: UserRow | null,
  previous?: Pick<AppointmentRef, 'advocateId' | 'startsAt'>,
) {
  const wording = CHANGE_WORDING[kind];
  const isStaff = actor !== null && isStaffAccount(actor);
  const formerAdvocateId =
    isStaff && previous?.advocateId !== row.advocateId ? (previous?.advocateId ?? null) : null;
  const recipients = isStaff
    ? await activeUsersByIds(tx, [row.clientId, row.advocateId, formerAdvocateId])
    : await schedulers(tx);
  await notify(
    tx,
    recipients,
    {
      kind,
      type: wording.type,
      title: wording.title,
      message: isStaff
        ? T.appointmentChangedByStaff(typeLabel(row), when(row), wording.verb)
        : T.appointmentChangedByClient(clientName(row), typeLabel(row), when(row), wording.verb),
      // For the advocate who lost it, it is no longer in their diary.
      messageFor: (user) =>
        user.id === formerAdvocateId && previous
          ? T.movedToAnotherAdvocate(typeLabel(row), when({ ...row, startsAt: previous.startsAt }))
          : isStaff && kind === 'appointment_confirmed'
            ? `${T.appointmentChangedByStaff(typeLabel(row), when(row), wording.verb)} ${kindLineFor(row, user)}`
            : undefined,
      actionUrl: '/appointments',
      subject: appointmentSubject(row),
      maySee: maySeeAppointment(row),
    },
    { exceptUserId: actor?.id },
  );
}

/** The day-before reminder: the client and the advocate, once per appointment time. */
export async function notifyAppointmentReminder(
  tx: Executor,
  row: AppointmentRef & Pick<AppointmentRow, 'sequence'>,
) {
  await notify(tx, await activeUsersByIds(tx, [row.clientId, row.advocateId]), {
    kind: 'appointment_reminder',
    type: 'info',
    title: T.appointmentReminder.title,
    message: T.appointmentReminder.message(typeLabel(row), when(row)),
    messageFor: (user) =>
      `${T.appointmentReminder.message(typeLabel(row), when(row))} ${kindLineFor(row, user)}`,
    actionUrl: '/appointments',
    subject: appointmentSubject(row),
    dedupeKey: `appointment_reminder:${row.id}:${row.sequence}`,
    maySee: maySeeAppointment(row),
  });
}
