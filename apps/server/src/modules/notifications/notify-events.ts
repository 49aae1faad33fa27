import {
  NOTIFICATION_TEXTS as T,
  APPOINTMENT_TYPE_DEFAULTS,
  can,
  formatNairobiDateTime,
  formatNairobiTime,
  SMS,
  isCourtDateForClient,
  type CaseStatus,
  type ContactUrgency,
  isClientAccount,
  meetingKindLine,
  isStaffAccount,
  isAdvocateAccount,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { AppointmentRow, CaseRow, UserRow } from '../../db/schema';
import { activeStaff, activeUsersByIds } from '../users/users.repository';
import { notify } from './notifications.service';

/**
 * Who hears of what (the table is in ADR 017). Each function runs inside the event's
 * transaction, picks the people the event concerns and lets `notify` drop anyone who may not see
 * the record: `can()` with the record, as the record's repository scopes it (a client: their own,
 * and only what is shared with them). Whoever made the change is never told of it.
 */

type Actor = Pick<UserRow, 'id'> | null;

// ---------------------------------------------------------------------------------------------
// Cases

type CaseRef = Pick<CaseRow, 'id' | 'caseNumber' | 'clientId' | 'assigneeId'>;

/** GET /cases/:id answers only those `can(…, 'cases:view', case)` allows. */
const maySeeCase = (row: CaseRef) => (user: UserRow) =>
  can(user, 'cases:view', { clientId: row.clientId, assigneeId: row.assigneeId });

const caseLink = (row: CaseRef) => `/cases/${row.id}`;
const caseSubject = (row: CaseRef) => ({ type: 'case' as const, id: row.id });
const statusText = (status: CaseStatus) => status.replace(/_/g, ' ');

export async function notifyCaseOpened(tx: Executor, row: CaseRef, actor: Actor) {
  const [client] = await activeUsersByIds(tx, [row.clientId]);
  await notify(
    tx,
    client ? [client] : [],
    {
      kind: 'case_opened',
      type: 'info',
      title: T.caseOpened.title,
      message: T.caseOpened.message(row.caseNumber),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      maySee: (user) => isClientAccount(user) && maySeeCase(row)(user),
    },
    { exceptUserId: actor?.id },
  );
}

export async function notifyCaseAssigned(tx: Executor, row: CaseRef, actor: Actor) {
  if (!row.assigneeId) return;
  await notify(
    tx,
    await activeUsersByIds(tx, [row.assigneeId]),
    {
      kind: 'case_assigned',
      type: 'info',
      title: T.caseAssigned.title,
      message: T.caseAssigned.message(row.caseNumber),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      maySee: (user) => user.id === row.assigneeId && maySeeCase(row)(user),
    },
    { exceptUserId: actor?.id },
  );
}

/** The client and the member of staff assigned. */
async function caseParticipants(tx: Executor, row: CaseRef) {
  return activeUsersByIds(tx, [row.clientId, row.assigneeId]);
}

export async function notifyCaseStatusChanged(
  tx: Executor,
  row: CaseRef,
  status: CaseStatus,
  actor: Actor,
) {
  await notify(
    tx,
    await caseParticipants(tx, row),
    {
      kind: 'case_status_changed',
      type: status === 'completed' || status === 'closed' ? 'success' : 'info',
      title: T.caseStatusChanged.title,
      message: T.caseStatusChanged.message(row.caseNumber, statusText(status)),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      maySee: maySeeCase(row),
    },
    { exceptUserId: actor?.id },
  );
}

/**
 * A note's notifications carry this key, so that making the note internal again shortly after
 * sharing it can take the client's back (ADR 014, "Un-sharing a note").
 */
export const noteNotificationKey = (noteId: string) => `case-note:${noteId}`;

/** A document or a note: the client hears only of what is shared with them. */
export async function notifyCaseContentAdded(
  tx: Executor,
  row: CaseRef,
  what: 'document' | 'note',
  visibleToClient: boolean,
  actor: Actor,
  noteId?: string,
) {
  const isDocument = what === 'document';
  await notify(
    tx,
    await caseParticipants(tx, row),
    {
      kind: isDocument ? 'case_document_added' : 'case_note_added',
      type: 'info',
      title: (isDocument ? T.caseDocumentAdded : T.caseNoteAdded).title,
      message: (isDocument ? T.caseDocumentAdded : T.caseNoteAdded).message(row.caseNumber),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      ...(noteId ? { dedupeKey: noteNotificationKey(noteId) } : {}),
      maySee: (user) =>
        (isStaffAccount(user) || visibleToClient) &&
        (isClientAccount(user) || user.id === row.assigneeId) &&
        maySeeCase(row)(user),
    },
    { exceptUserId: actor?.id },
  );
}

/**
 * A document or note shared with the client after the fact: the client alone hears of
 * it, by the same kind as a shared upload, so their bell and their email choice ("A document is
 * shared on my case") cover it. Making an item internal tells no one.
 */
export async function notifyCaseContentShared(
  tx: Executor,
  row: CaseRef,
  what: 'document' | 'note',
  actor: Actor,
  noteId?: string,
) {
  const isDocument = what === 'document';
  const [client] = await activeUsersByIds(tx, [row.clientId]);
  await notify(
    tx,
    client ? [client] : [],
    {
      kind: isDocument ? 'case_document_added' : 'case_note_added',
      type: 'info',
      title: (isDocument ? T.caseDocumentShared : T.caseNoteShared).title,
      message: (isDocument ? T.caseDocumentShared : T.caseNoteShared).message(row.caseNumber),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      ...(noteId ? { dedupeKey: noteNotificationKey(noteId) } : {}),
      maySee: (user) => isClientAccount(user) && maySeeCase(row)(user),
    },
    { exceptUserId: actor?.id },
  );
}

// ---------------------------------------------------------------------------------------------
// Appointments

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

/** Staff who handle enquiries (the Enquiries inbox): `enquiries:view` in permissions.ts. */
async function enquiryHandlers(tx: Executor) {
  return (await activeStaff(tx)).filter((user) => can(user, 'enquiries:view'));
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

// ---------------------------------------------------------------------------------------------
// Accounts and enquiries

/** An admin is told of a change to their toggles (docs/roles-and-permissions.md). */
export async function notifyPermissionsChanged(tx: Executor, admin: UserRow, actor: Actor) {
  await notify(
    tx,
    [admin],
    {
      kind: 'permissions_changed',
      type: 'warning',
      title: T.permissionsChanged.title,
      message: T.permissionsChanged.message,
      actionUrl: '/dashboard',
      subject: { type: 'user', id: admin.id },
      maySee: (user) => user.id === admin.id,
    },
    { exceptUserId: actor?.id },
  );
}

/** To the active advocates, who may verify (users:manage). */
export async function notifyAdvocateAwaitingVerification(
  tx: Executor,
  advocate: Pick<UserRow, 'id' | 'firstName' | 'lastName'>,
) {
  await notify(tx, await activeStaff(tx), {
    kind: 'advocate_awaiting_verification',
    type: 'warning',
    title: T.advocateAwaitingVerification.title,
    message: T.advocateAwaitingVerification.message(`${advocate.firstName} ${advocate.lastName}`),
    actionUrl: '/admin-management',
    subject: { type: 'user', id: advocate.id },
    maySee: (user) => isAdvocateAccount(user) && can(user, 'users:manage'),
  });
}

const URGENCY_TYPE = { normal: 'info', urgent: 'warning', emergency: 'error' } as const;

/** A message from the website's contact form, to the staff who handle enquiries. */
export async function notifyContactMessage(
  tx: Executor,
  message: { id: string; name: string; urgency: ContactUrgency },
) {
  await notify(tx, await enquiryHandlers(tx), {
    kind: 'contact_message_received',
    type: URGENCY_TYPE[message.urgency],
    title: message.urgency === 'normal' ? T.contactMessage.title : T.contactMessage.urgentTitle,
    message: T.contactMessage.message(message.name),
    actionUrl: '/enquiries',
    subject: { type: 'contact_message', id: message.id },
    maySee: (user) => can(user, 'enquiries:view'),
  });
}

// ---------------------------------------------------------------------------------------------
// Court dates (ADR 025)

type CourtDateRef = CaseRef & Pick<CaseRow, 'courtDate' | 'court' | 'status'>;

/** The client sees their own open case's court date; staff as they see the case. */
const maySeeCourtDate = (row: CourtDateRef) => (user: UserRow) =>
  row.status !== 'closed' &&
  maySeeCase(row)(user) &&
  (isStaffAccount(user) || isCourtDateForClient(user, row));

// In words on a Nairobi clock, like every date a person reads (ADR 016).
const courtWhen = (courtDate: Date) => formatNairobiDateTime(courtDate);

/** Set or moved: the client (bell, and email unless switched off) and the assignee. */
export async function notifyCourtDateSet(
  tx: Executor,
  row: CourtDateRef,
  isMove: boolean,
  actor: Actor,
) {
  if (!row.courtDate) return;
  await notify(
    tx,
    await caseParticipants(tx, row),
    {
      kind: 'court_date_set',
      type: isMove ? 'warning' : 'info',
      title: isMove ? T.courtDateSet.movedTitle : T.courtDateSet.title,
      message: T.courtDateSet.message(row.caseNumber, courtWhen(row.courtDate), row.court),
      actionUrl: caseLink(row),
      subject: caseSubject(row),
      sms: {
        kind: 'court_dates',
        deliveryKind: 'court_date_set',
        text: (isMove ? SMS.courtDateMoved : SMS.courtDateSet)(
          row.caseNumber,
          courtWhen(row.courtDate),
        ),
      },
      maySee: maySeeCourtDate(row),
    },
    { exceptUserId: actor?.id },
  );
}

/** The day before: the client and the assignee, once per court date. */
export async function notifyCourtDateReminder(tx: Executor, row: CourtDateRef) {
  if (!row.courtDate) return;
  await notify(tx, await caseParticipants(tx, row), {
    kind: 'court_date_reminder',
    type: 'info',
    title: T.courtDateReminder.title,
    message: T.courtDateReminder.message(row.caseNumber, courtWhen(row.courtDate), row.court),
    actionUrl: caseLink(row),
    subject: caseSubject(row),
    dedupeKey: `court_date_reminder:${row.id}:${row.courtDate.toISOString()}`,
    emailAs: 'court_date_set',
    sms: {
      kind: 'court_dates',
      deliveryKind: 'court_date_reminder',
      text: SMS.courtDateTomorrow(row.caseNumber, formatNairobiTime(row.courtDate)),
    },
    maySee: maySeeCourtDate(row),
  });
}
