import { isClientAccount, type Actor } from './permissions';
import { isAuditAction, type AuditAction } from './audit/audit-actions';

/**
 * What a client may see of the firm's records (ADR 021, docs/roles-and-permissions.md: what a client receives is
 * built from one rule). The case screens' serializer and "Download my data" both read these
 * rules, so a screen and the export cannot disagree. Staff-only things (conflict clearances and
 * their matches, internal notes and documents, staff reasons, staff reads of internal items)
 * never pass them. The server's repositories also scope their queries by the same flags; these
 * rules are what the serializers apply to whatever a query returns.
 */

/** A note, document or timeline event reaches the client only when staff shared it. */
export const isSharedWithClient = (item: { visibleToClient: boolean }): boolean =>
  item.visibleToClient === true;

/** The items of a list the client may see. */
export const sharedWithClient = <T extends { visibleToClient: boolean }>(
  items: readonly T[],
): T[] => items.filter(isSharedWithClient);

/** Whether `viewer` sees a record as its client does (staff-only parts left out). */
export const seesAsClient = (viewer: Pick<Actor, 'role'>): boolean => isClientAccount(viewer);

/**
 * A case's fields a client sees in its summary; an audit row's `changed` keeps only these (a
 * future staff-only column stays out until it is added here).
 */
export const CLIENT_CASE_FIELDS = [
  'title',
  'description',
  'category',
  'priority',
  'status',
  'assigneeId',
  'court',
  'courtCaseNumber',
  'courtDate',
] as const;

/** The ids of the records a client may see: what their export's audit rows are checked against. */
export interface ClientVisibleRecords {
  caseIds: ReadonlySet<string>;
  documentIds: ReadonlySet<string>;
  noteIds: ReadonlySet<string>;
  conversationIds: ReadonlySet<string>;
  appointmentIds: ReadonlySet<string>;
}

/** What an audit row is about, and which of the client's visible records that must be. */
type AuditSubject = 'account' | 'case' | 'document' | 'note' | 'conversation' | 'appointment';

interface ClientAuditRule {
  about: AuditSubject;
  /** The detail keys the client may read; anything else in the row stays with the firm. */
  details: readonly string[];
}

const account = (...details: string[]): ClientAuditRule => ({ about: 'account', details });
const onCase = (...details: string[]): ClientAuditRule => ({
  about: 'case',
  details: ['caseId', 'caseNumber', ...details],
});
const onDocument = (...details: string[]): ClientAuditRule => ({
  about: 'document',
  details: ['caseId', 'caseNumber', 'documentId', ...details],
});
const onConversation = (...details: string[]): ClientAuditRule => ({
  about: 'conversation',
  details: ['conversationId', ...details],
});
const onAppointment = (...details: string[]): ClientAuditRule => ({
  about: 'appointment',
  details: ['appointmentId', ...details],
});

/**
 * For every audit action, what a client's export lists of its rows: the details it keeps, or
 * `null` when the action is the firm's own business and the row is left out (a conflict clearance
 * lives inside `case.created`'s details and is not kept; `conversation.members_changed`,
 * `enquiry.updated` and `case.document_deleted` are staff work on records the client cannot see).
 * A new action needs its rule here, or the shared package does not compile.
 */
export const CLIENT_AUDIT_RULES: Readonly<Record<AuditAction, ClientAuditRule | null>> = {
  // Their account: what they did, and what the firm did to it.
  'user.created': account('email', 'role', 'permissions'),
  'user.activated': account('email', 'role'),
  'user.deactivated': account('email', 'role'),
  'user.verified': account('email', 'role'),
  'user.password_reset': account('via'),
  'user.invitation_resent': account('email', 'role'),
  'user.invitation_accepted': account(),
  'user.password_changed': account(),
  'user.locked_out': account(),
  'admin.permissions_updated': account('before', 'after'),
  'profile.updated': account('fields'),
  'profile.professional_updated': account('licenseNumber'),
  'profile.email_change_requested': account('from', 'to'),
  'profile.email_changed': account('from', 'to'),
  'profile.data_exported': account(),
  'session.revoked': account(),
  'session.revoked_others': account('count'),
  'account.secured': account('sessionsRevoked'),
  'data_request.created': account('requestId', 'kind'),
  'data_request.updated': account('requestId', 'from', 'to'),
  'client.viewed': account(),
  'client.updated': account('fields', 'firstName', 'lastName', 'phone'),
  'enquiry.converted': account('kind'),
  // Their case files: only the parts they see there.
  'case.created': onCase('title'),
  'case.updated': onCase('changed'),
  'case.viewed': onCase(),
  'case.note_added': { about: 'note', details: ['caseId', 'caseNumber', 'noteId'] },
  'case.document_uploaded': onDocument('name', 'mimeType', 'size', 'sha256'),
  'case.document_downloaded': onDocument('name'),
  // Shared after the upload, or made internal again: kept only while the item is shared, so the
  // row of an item the client cannot see drops out with it.
  'case.document_visibility_changed': onDocument('name', 'visibleToClient'),
  'case.note_visibility_changed': {
    about: 'note',
    details: ['caseId', 'caseNumber', 'noteId', 'visibleToClient'],
  },
  // Their conversations with the firm (every message in one is theirs to read).
  'conversation.created': onConversation('subject', 'messageId'),
  'conversation.viewed': onConversation(),
  'conversation.read': onConversation(),
  'message.sent': onConversation('messageId'),
  'message.withdrawn': onConversation('messageId'),
  'message.attachment_downloaded': onConversation('attachmentId', 'name'),
  'message.attachment_filed': { about: 'document', details: ['conversationId', 'documentId'] },
  // Their appointments (an appointment has no staff-only field).
  'appointment.created': onAppointment('startsAt'),
  'appointment.rescheduled': onAppointment('from', 'to'),
  'appointment.confirmed': onAppointment('changes'),
  'appointment.completed': onAppointment('changes'),
  'appointment.paid': onAppointment('changes'),
  'appointment.updated': onAppointment('changes'),
  'appointment.cancelled': onAppointment(),
  // The firm's own business, never listed in a client's export: staff work on records the client
  // cannot see or that were never theirs, the firm's settings and logs, and the records the export
  // carries in sections of their own (fee notes and payments, second factors and passkeys).
  'user.registered': null,
  'user.deleted': null,
  'case.deleted': null,
  'case.document_deleted': null,
  'enquiry.updated': null,
  'conversation.listed': null,
  'conversation.members_changed': null,
  'fee_note.drafted': null,
  // The firm's record of its work: the client sees what it bills on the issued fee note.
  'time_entry.created': null,
  'time_entry.updated': null,
  'time_entry.deleted': null,
  'expense.created': null,
  'expense.updated': null,
  'expense.deleted': null,
  'fee_note.updated': null,
  'fee_note.deleted': null,
  'fee_note.issued': null,
  'fee_note.cancelled': null,
  'payment.recorded': null,
  'payment.received': null,
  // A paybill payment that reached a fee note is in the client's payments; the rest is the firm's.
  'paybill_payment.settled': null,
  'paybill_payment.allocated': null,
  'paybill.addresses_registered': null,
  'paybill_payment.reversed': null,
  // Client money: the export's own section (their ledger) has every movement (ADR 045); these rows
  // name who at the firm recorded it, which is the firm's own business.
  'money_account.created': null,
  'client_money.recorded': null,
  'client_money.reversed': null,
  'client_money.statement_imported': null,
  'client_money.line_matched': null,
  'client_money.line_unmatched': null,
  'client_money.month_locked': null,
  'client_money.pack_downloaded': null,
  'two_factor.enabled': null,
  'two_factor.disabled': null,
  'two_factor.recovery_codes_renewed': null,
  'two_factor.recovery_code_used': null,
  'two_factor.reset': null,
  'passkey.added': null,
  'passkey.renamed': null,
  'passkey.removed': null,
  'account.access_taken_back': null,
  'firm_settings.updated': null,
  'limitation_periods.updated': null,
  // Tasks and deadlines are the firm's working list (ADR 051): a shared task is read on the case,
  // its audit rows stay the firm's.
  'task.created': null,
  'task.updated': null,
  'task.deleted': null,
  'task.deadline_added': null,
  'firm_holiday.added': null,
  'firm_holiday.removed': null,
  'etims.initialised': null,
  'etims.transmitted': null,
  'etims.answered': null,
  'etims.retried': null,
  'audit_log.exported': null,
  'report.exported': null,
  'super_key.rotated': null,
  'delivery.retried': null,
  'retention.purged': null,
  // The firm's backups are not a client's record.
  'backup.succeeded': null,
  'backup.failed': null,
  'backup.schedule_changed': null,
};

/** The rule of a stored row's action: none for the firm's own actions and unknown strings. */
const clientAuditRule = (action: string): ClientAuditRule | null =>
  isAuditAction(action) ? CLIENT_AUDIT_RULES[action] : null;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function isAboutVisibleRecord(
  rule: ClientAuditRule,
  details: Record<string, unknown>,
  visible: ClientVisibleRecords,
): boolean {
  const has = (set: ReadonlySet<string>, key: string) => {
    const id = text(details[key]);
    return id !== undefined && set.has(id);
  };
  switch (rule.about) {
    case 'account':
      return true;
    case 'case':
      return has(visible.caseIds, 'caseId');
    case 'note':
      return has(visible.caseIds, 'caseId') && has(visible.noteIds, 'noteId');
    case 'document':
      return has(visible.documentIds, 'documentId');
    case 'conversation':
      return has(visible.conversationIds, 'conversationId');
    case 'appointment':
      return has(visible.appointmentIds, 'appointmentId');
  }
}

/**
 * An audit row as its client may read it: `null` when the row is not theirs to see (an action not
 * listed, or about a record they cannot see: an internal note or document, another client's case),
 * otherwise its details reduced to the listed keys.
 */
export function clientAuditDetails(
  action: string,
  details: Record<string, unknown>,
  visible: ClientVisibleRecords,
): Record<string, unknown> | null {
  const rule = clientAuditRule(action);
  if (!rule || !isAboutVisibleRecord(rule, details, visible)) return null;
  const kept: Record<string, unknown> = {};
  for (const key of rule.details) {
    if (details[key] === undefined) continue;
    kept[key] = key === 'changed' ? clientCaseChanges(details[key]) : details[key];
  }
  return kept;
}

/** `case.updated`'s `{ field: { from, to } }`, for the fields a client sees. */
function clientCaseChanges(changed: unknown): Record<string, unknown> {
  if (typeof changed !== 'object' || changed === null) return {};
  const source = changed as Record<string, unknown>;
  return Object.fromEntries(
    CLIENT_CASE_FIELDS.filter((field) => source[field] !== undefined).map((field) => [
      field,
      source[field],
    ]),
  );
}

/**
 * The details of a staff member's own audit row in their export: the rows about their own account
 * keep the same keys as a client's do; what they did to a client's or the firm's records keeps its
 * action and time only (those records are the clients' data, not theirs).
 */
export function ownAccountAuditDetails(
  action: string,
  details: Record<string, unknown>,
): Record<string, unknown> | null {
  const rule = clientAuditRule(action);
  if (!rule || rule.about !== 'account') return null;
  return Object.fromEntries(
    rule.details.filter((key) => details[key] !== undefined).map((key) => [key, details[key]]),
  );
}

/**
 * A court date reaches a client for their own cases, while the case is open (ADR 025);
 * the entry does not name them back to themself. Staff see open cases' court dates with
 * `cases:view`, as they see the cases.
 */
export const isCourtDateForClient = (
  viewer: Pick<Actor, 'id'>,
  courtCase: { clientId: string; status: string },
): boolean => courtCase.clientId === viewer.id && courtCase.status !== 'closed';

/** A fee note reaches its client once issued: a draft is the firm's work in progress (ADR 035). */
export const isFeeNoteVisibleToClient = (note: { status: string }): boolean =>
  note.status !== 'draft';

/** A payment's fields only staff see: who keyed it in, and why staff must look at it. */
export const STAFF_ONLY_PAYMENT_FIELDS = ['recordedBy', 'flaggedReason'] as const;
