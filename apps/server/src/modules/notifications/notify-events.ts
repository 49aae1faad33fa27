import {
  NOTIFICATION_TEXTS as T,
  can,
  formatNairobiDateTime,
  formatNairobiTime,
  SMS,
  isCourtDateForClient,
  type CaseStatus,
  type ContactUrgency,
  isClientAccount,
  isStaffAccount,
  isAdvocateAccount,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { CaseRow, UserRow } from '../../db/schema';
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
// Accounts and enquiries

/** Staff who handle enquiries (the Enquiries inbox): `enquiries:view` in permissions.ts. */
export async function enquiryHandlers(tx: Executor) {
  return (await activeStaff(tx)).filter((user) => can(user, 'enquiries:view'));
}

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
