import { formatMonthTitle, formatNairobiDateTime } from '../common/dates';
import { groupThousands } from '../common/numbers';
import { auditActionWords, isAuditAction, type AuditAction } from './audit-actions';
import { deliveryChannelNoun, deliveryKindLabel, isDeliveryChannel } from '../deliveries/texts';
import {
  str,
  quoted,
  passkeyName,
  spaced,
  CASE_FIELD_WORDS,
  list,
  type Parts,
  type Describer,
  caseFileOf,
  sharedOrInternal,
  whose,
  appointmentOf,
  conversationOf,
  enquiryOf,
  enquiryStatusWords,
  clientMoneyVerb,
  statementLineOf,
  clientMoneyOf,
  paybillOf,
  paybillWhere,
  paymentOf,
  timeEntryOf,
  expenseOf,
  fromUnbilledOf,
  taskOf,
  taskChanges,
  dayWords,
} from './audit-phrases';

/**
 * The audit log read as sentences (ADR 016): "Achieng Mwamba viewed case file
 * MWA/2026/0001", with a link to the record. One describer per action of `AUDIT_ACTIONS` (a missing
 * one does not compile), and a fallback in words for a stored row whose action this release does
 * not know (written by a newer release, read after a restore onto an older one). The screen shows these; the CSV keeps the exact
 * fields (action code, UTC time, details as JSON) for whoever audits the audit log.
 */

export interface AuditPersonRef {
  id: string;
  name: string;
  email: string;
}

export interface AuditEntryForText {
  action: string;
  actor: AuditPersonRef | null;
  target: AuditPersonRef | null;
  details: Record<string, unknown>;
}

export interface AuditLink {
  href: string;
  label: string;
}

export interface AuditSentence {
  text: string;
  link: AuditLink | null;
}

/** Who did it when no account did: a visitor (a booking, a contact form) or the server itself. */
export const AUDIT_NO_ACTOR = 'The system or a visitor';
/** A target whose account was deleted since (the row keeps its id, not its name). */
export const AUDIT_UNKNOWN_PERSON = 'a deleted account';

/** One sentence per action: an action without one does not compile. */
const DESCRIBERS: Record<AuditAction, Describer> = {
  // Case files
  'case.created': (p) => `${p.actor} opened ${p.caseFile} for ${p.target}`,
  'case.viewed': (p) => `${p.actor} viewed ${p.caseFile}`,
  'case.updated': (p) => {
    const changed = p.details.changed;
    const fields =
      typeof changed === 'object' && changed !== null
        ? Object.keys(changed).map((key) => CASE_FIELD_WORDS[key] ?? key)
        : [];
    if (str(p.details.courtHearing)) fields.push('a hearing');
    return fields.length > 0
      ? `${p.actor} changed the ${list(fields)} of ${p.caseFile}`
      : `${p.actor} changed ${p.caseFile}`;
  },
  'case.deleted': (p) => `${p.actor} deleted ${p.caseFile}, opened by mistake`,
  'case.note_added': (p) =>
    `${p.actor} added a note${sharedOrInternal(p.details)} to ${p.caseFile}`,
  'case.note_visibility_changed': (p) =>
    p.details.visibleToClient === true
      ? `${p.actor} shared a note on ${p.caseFile} with the client`
      : `${p.actor} made a note on ${p.caseFile} internal`,
  'case.document_uploaded': (p) =>
    `${p.actor} uploaded ${quoted(p.details.name, 'a document')}${sharedOrInternal(p.details)} to ${p.caseFile}`,
  'case.document_downloaded': (p) =>
    `${p.actor} downloaded ${quoted(p.details.name, 'a document')} from ${p.caseFile}`,
  'case.document_deleted': (p) =>
    `${p.actor} deleted ${quoted(p.details.name, 'a document')} from ${p.caseFile}`,
  'case.document_visibility_changed': (p) =>
    p.details.visibleToClient === true
      ? `${p.actor} shared ${quoted(p.details.name, 'a document')} on ${p.caseFile} with the client`
      : `${p.actor} made ${quoted(p.details.name, 'a document')} on ${p.caseFile} internal`,
  // Clients and enquiries
  'client.viewed': (p) => `${p.actor} viewed ${p.target}’s client record`,
  'client.updated': (p) => `${p.actor} changed ${p.target}’s contact details`,
  'enquiry.converted': (p) => `${p.actor} made ${p.target} a client from an enquiry`,
  'enquiry.updated': (p) => {
    const to = enquiryStatusWords(p.details.to);
    return to
      ? `${p.actor} moved ${enquiryOf(p)} to ${to}`
      : `${p.actor} changed the note on ${enquiryOf(p)}`;
  },
  // Accounts
  'user.registered': (p) => `${p.self ? p.actor : p.target} registered as an advocate`,
  'user.created': (p) => `${p.actor} created an account for ${p.target}`,
  'user.invitation_resent': (p) => `${p.actor} sent ${p.target} a new invitation link`,
  'user.invitation_accepted': (p) =>
    `${p.self ? p.actor : p.target} accepted the firm’s invitation and chose a password`,
  'user.verified': (p) => `${p.actor} verified ${p.target}’s advocate account`,
  'user.activated': (p) => `${p.actor} activated ${p.target}’s account`,
  'user.deactivated': (p) => `${p.actor} deactivated ${p.target}’s account`,
  'user.deleted': (p) => `${p.actor} deleted ${p.target}’s account`,
  'user.password_reset': (p) =>
    p.self ? `${p.actor} reset their password` : `${p.actor} reset ${p.target}’s password`,
  'user.password_changed': (p) => `${p.actor} changed ${whose(p)} password`,
  'user.locked_out': (p) => `Sign-in to ${p.target}’s account was paused after repeated failures`,
  'admin.permissions_updated': (p) => `${p.actor} changed ${p.target}’s permissions`,
  'session.revoked': (p) => `${p.actor} signed out one of ${whose(p)} sessions`,
  'session.revoked_others': (p) => `${p.actor} signed out ${whose(p)} other sessions`,
  'profile.updated': (p) => `${p.actor} updated ${whose(p)} profile`,
  'profile.professional_updated': (p) => `${p.actor} updated ${whose(p)} professional details`,
  'profile.email_change_requested': (p) =>
    `${p.actor} asked to change ${whose(p)} email address${str(p.details.to) ? ` to ${str(p.details.to)}` : ''}`,
  'profile.email_changed': (p) =>
    `${p.actor} changed ${whose(p)} email address${str(p.details.to) ? ` to ${str(p.details.to)}` : ''}`,
  'profile.data_exported': (p) => `${p.actor} downloaded ${whose(p)} data`,
  'data_request.created': (p) => `${p.actor} asked the firm to erase ${whose(p)} data`,
  'data_request.updated': (p) =>
    `${p.actor} moved ${p.target}’s data request${str(p.details.to) ? ` to ${str(p.details.to)}` : ''}`,
  // Conversations
  'conversation.created': (p) =>
    `${p.actor} started the conversation ${quoted(p.details.subject, 'with the firm')}`,
  'conversation.viewed': (p) => `${p.actor} opened ${conversationOf(p)}`,
  'conversation.read': (p) => `${p.actor} read ${conversationOf(p)}`,
  'conversation.listed': (p) =>
    `${p.actor} listed ${p.self ? 'the firm’s' : `${p.target}’s`} conversations`,
  'conversation.members_changed': (p) => `${p.actor} changed who is on ${conversationOf(p)}`,
  'message.sent': (p) => `${p.actor} sent a message in ${conversationOf(p)}`,
  'message.withdrawn': (p) => `${p.actor} withdrew a message from ${conversationOf(p)}`,
  'message.attachment_downloaded': (p) =>
    `${p.actor} downloaded the attachment ${quoted(p.details.name, 'of a message')} from ${conversationOf(p)}`,
  'message.attachment_filed': (p) =>
    `${p.actor} filed an attachment from ${conversationOf(p)} to ${p.caseFile}`,
  // Appointments
  'appointment.created': (p) => `${p.actor} booked ${appointmentOf(p)}`,
  'appointment.rescheduled': (p) =>
    `${p.actor} rescheduled ${appointmentOf({ ...p, details: { ...p.details, startsAt: p.details.from } })}${str(p.details.to) ? ` to ${formatNairobiDateTime(str(p.details.to)!)}` : ''}`,
  'appointment.confirmed': (p) => `${p.actor} confirmed ${appointmentOf(p)}`,
  'appointment.completed': (p) => `${p.actor} marked ${appointmentOf(p)} completed`,
  'appointment.paid': (p) => `${p.actor} recorded the payment of ${appointmentOf(p)}`,
  'appointment.updated': (p) => `${p.actor} changed ${appointmentOf(p)}`,
  'appointment.cancelled': (p) => `${p.actor} cancelled ${appointmentOf(p)}`,
  // Billing (ADR 035)
  'fee_note.drafted': (p) =>
    `${p.actor} drafted a fee note for ${p.target}${fromUnbilledOf(p.details)}`,
  'fee_note.updated': (p) => `${p.actor} changed a draft fee note for ${p.target}`,
  'fee_note.deleted': (p) => `${p.actor} deleted a draft fee note for ${p.target}`,
  'fee_note.issued': (p) => `${p.actor} issued fee note${spaced(p.details.number)} to ${p.target}`,
  'fee_note.cancelled': (p) =>
    `${p.actor} cancelled fee note${spaced(p.details.number)} of ${p.target}${str(p.details.creditNoteNumber) ? ` by credit note ${str(p.details.creditNoteNumber)}` : ''}`,
  // Time and expenses (ADR 050): whose, on which case file, how much.
  'time_entry.created': (p) => `${p.actor} recorded${timeEntryOf(p)}`,
  'time_entry.updated': (p) => `${p.actor} changed${timeEntryOf(p)}`,
  'time_entry.deleted': (p) => `${p.actor} deleted${timeEntryOf(p)}`,
  'expense.created': (p) => `${p.actor} recorded${expenseOf(p)}`,
  'expense.updated': (p) => `${p.actor} changed${expenseOf(p)}`,
  'expense.deleted': (p) => `${p.actor} deleted${expenseOf(p)}`,
  'payment.recorded': (p) => `${p.actor} recorded a payment from ${p.target}${paymentOf(p)}`,
  // No one signed in stands behind it: Safaricom's own query confirmed the STK push.
  'money_account.created': (p) =>
    `${p.actor} added the ${str(p.details.kind) === 'office' ? 'office' : 'client'} account${str(p.details.name) ? ` ${quoted(p.details.name, '')}` : ''}${str(p.details.number) ? ` (${str(p.details.institution) ?? ''} ${str(p.details.number)})` : ''}`,
  // A deposit paid from the portal has no one signed in behind it: M-Pesa confirmed it (ADR 045).
  'client_money.recorded': (p) =>
    str(p.details.mpesaDepositId) || str(p.details.paybillPaymentId)
      ? `M-Pesa confirmed a deposit from ${p.target} into the client account${clientMoneyOf(p)}`
      : `${p.actor} recorded client money ${clientMoneyVerb(p.details.kind)} ${p.target}${clientMoneyOf(p)}`,
  'client_money.reversed': (p) =>
    `${p.actor} reversed a client money entry of ${p.target}${clientMoneyOf(p)}${str(p.details.reason) ? `: ${quoted(p.details.reason, '')}` : ''}`,
  'client_money.statement_imported': (p) =>
    `${p.actor} imported the statement${str(p.details.name) ? ` ${quoted(p.details.name, '')}` : ''} of the client account${str(p.details.accountName) ? ` ${quoted(p.details.accountName, '')}` : ''}${str(p.details.firstDate) && str(p.details.lastDate) ? ` from ${str(p.details.firstDate)} to ${str(p.details.lastDate)}` : ''}`,
  // Reconciliation (ADR 046): "matched the statement line of 2026-11-03 (KSh 120,000 out, ref.
  // 004498) of the client account “KCB Client Account” to an entry (ref. 004498)".
  'client_money.line_matched': (p) =>
    `${p.actor} matched the statement line ${statementLineOf(p)} to an entry${str(p.details.entryReference) ? ` (ref. ${str(p.details.entryReference)})` : ''}`,
  'client_money.line_unmatched': (p) =>
    `${p.actor} unmatched the statement line ${statementLineOf(p)} from its entry`,
  'client_money.month_locked': (p) =>
    `${p.actor} reconciled and locked ${str(p.details.month) ? formatMonthTitle(str(p.details.month)!) : 'a month'} of the client account${str(p.details.accountName) ? ` ${quoted(p.details.accountName, '')}` : ''}${typeof p.details.balanceKsh === 'number' ? ` at KSh ${groupThousands(p.details.balanceKsh)}` : ''}`,
  // Every client's ledger leaves the firm in it (Kenya's Data Protection Act: staff access to
  // clients' records is audited), so which part and which year are named.
  'client_money.pack_downloaded': (p) =>
    `${p.actor} downloaded the client money practice-year pack${typeof p.details.year === 'number' ? ` for ${p.details.year}` : ''}${str(p.details.part) ? ` (${str(p.details.part)}${str(p.details.asOf) ? ` at ${str(p.details.asOf)}` : ''})` : ''}`,
  'payment.received': (p) => `M-Pesa confirmed a payment from ${p.target}${paymentOf(p)}`,
  'paybill_payment.settled': (p) => {
    const to = str(p.details.to);
    const from = p.target === AUDIT_UNKNOWN_PERSON ? '' : ` from ${p.target}`;
    const receipt = str(p.details.receiptNumber)
      ? ` (receipt ${str(p.details.receiptNumber)})`
      : '';
    if (to === 'fee_note')
      return `M-Pesa confirmed ${paybillOf(p)}${from}, paid ${paybillWhere(p)}`;
    if (to === 'client_money')
      return `M-Pesa confirmed ${paybillOf(p)}, held ${paybillWhere(p)}${receipt}`;
    return `M-Pesa confirmed ${paybillOf(p)}${from}, left for staff to allocate`;
  },
  // Found by the daily sweep (ADR 054): the server undid what the payment had paid.
  'paybill_payment.reversed': (p) => {
    const from = p.target === AUDIT_UNKNOWN_PERSON ? '' : ` from ${p.target}`;
    const undone =
      str(p.details.to) === 'fee_note'
        ? `, taken off ${str(p.details.number) ? `fee note ${str(p.details.number)}` : 'its fee note'}`
        : str(p.details.to) === 'client_money'
          ? ', its client money receipt left for staff to reverse'
          : '';
    return `M-Pesa reversed ${paybillOf(p)}${from}${undone}`;
  },
  'paybill_payment.allocated': (p) =>
    `${p.actor} allocated ${paybillOf(p)} ${paybillWhere(p)}${str(p.details.reason) ? `: ${quoted(p.details.reason, '')}` : ''}`,
  'paybill.addresses_registered': (p) =>
    `${p.actor} registered the paybill’s addresses with Safaricom${
      p.details.responseType === 'Cancelled'
        ? ', refusing a payment when the system does not answer in time'
        : p.details.responseType === 'Completed'
          ? ', taking a payment when the system does not answer in time'
          : ''
    }`,
  // The firm
  'firm_settings.updated': (p) => `${p.actor} changed the firm’s settings`,
  'limitation_periods.updated': (p) => `${p.actor} changed the firm’s limitation periods`,
  // Tasks and deadlines (ADR 051): the task by its title, and the case file it is on.
  'task.created': (p) => `${p.actor} added the task ${taskOf(p.details)}`,
  'task.updated': (p) =>
    `${p.actor} ${str(p.details.status) === 'done' ? 'completed' : 'changed'} the task ${taskOf(p.details)}${taskChanges(p.details)}`,
  'task.deleted': (p) => `${p.actor} removed the task ${taskOf(p.details)}`,
  'task.deadline_added': (p) =>
    `${p.actor} worked out the limitation deadline ${taskOf(p.details)}${str(p.details.lastDay) ? `: last day ${dayWords(p.details.lastDay)}` : ''}`,
  'firm_holiday.added': (p) =>
    `${p.actor} added ${quoted(p.details.name, 'a public holiday')}${str(p.details.day) ? ` on ${dayWords(p.details.day)}` : ''} to the firm’s public holidays`,
  'firm_holiday.removed': (p) =>
    `${p.actor} removed ${quoted(p.details.name, 'a public holiday')}${str(p.details.day) ? ` on ${dayWords(p.details.day)}` : ''} from the firm’s public holidays`,
  // Each attempt to send a fee note (or credit note) to KRA, and KRA's answer (ADR 049).
  'etims.transmitted': (p) =>
    `The server sent ${str(p.details.number) ?? 'a fee note'} to KRA eTIMS as invoice ${String(p.details.invcNo ?? '')}${typeof p.details.attempt === 'number' && p.details.attempt > 1 ? ` (attempt ${p.details.attempt})` : ''}`,
  'etims.answered': (p) => {
    const what = str(p.details.number) ?? 'a fee note';
    const outcome = str(p.details.outcome);
    if (outcome === 'sent')
      return `KRA eTIMS received ${what}${typeof p.details.curRcptNo === 'number' ? ` (receipt ${p.details.curRcptNo})` : ''}`;
    if (outcome === 'refused')
      return `KRA eTIMS refused ${what}${str(p.details.message) ? `: ${str(p.details.message)}` : ''}`;
    if (outcome === 'kra_has_it')
      return `KRA eTIMS already had ${what} (answer 994), so it was not sent again as a new sale`;
    if (outcome === 'failed')
      return `KRA eTIMS did not answer for 48 hours for ${what}; sending it stopped until Retry`;
    return `KRA eTIMS could not be reached for ${what}; it is tried again`;
  },
  'etims.retried': (p) =>
    `${p.actor} asked for ${str(p.details.number) ?? 'a fee note'} to be sent to KRA eTIMS again`,
  // By an advocate, or by the server at start-up or its minute's sweep (ADR 049).
  'etims.initialised': (p) =>
    `${p.actor === AUDIT_NO_ACTOR ? 'The server' : p.actor} initialised KRA eTIMS${str(p.details.branchId) ? ` for branch ${str(p.details.branchId)}` : ''}${str(p.details.sdcId) ? ` (device ${str(p.details.sdcId)})` : ''}`,
  'audit_log.exported': (p) => `${p.actor} exported the audit log`,
  // Two-factor sign-in (ADR 037)
  'two_factor.enabled': (p) => `${p.actor} turned on two-factor sign-in for ${whose(p)} account`,
  'two_factor.disabled': (p) => `${p.actor} turned off two-factor sign-in for ${whose(p)} account`,
  'two_factor.recovery_codes_renewed': (p) =>
    `${p.actor} made new recovery codes for ${whose(p)} account`,
  'two_factor.recovery_code_used': (p) =>
    `${p.actor} signed in to ${whose(p)} account with a recovery code`,
  'two_factor.reset': (p) => `${p.actor} turned off ${p.target}’s two-factor sign-in`,
  'passkey.added': (p) => `${p.actor} added a passkey${passkeyName(p.details)}`,
  'passkey.renamed': (p) =>
    `${p.actor} renamed a passkey${str(p.details.name) ? ` to ${quoted(p.details.name, '')}` : ''}`,
  'passkey.removed': (p) => `${p.actor} removed a passkey${passkeyName(p.details)}`,
  // Sign-in alerts (ADR 037): a "Not you? Secure your account" link was followed.
  'account.secured': (p) =>
    `${p.actor} secured ${whose(p)} account from a sign-in alert: every session signed out`,
  // Securing the account or a reset by email: what an intruder may have added went.
  'account.access_taken_back': (p) => {
    const removed = str(p.details.removed);
    const parts = [
      ...(removed === 'all' ? [`removed every second factor of ${whose(p)} account`] : []),
      ...(removed === 'since'
        ? [`removed the second factors added to ${whose(p)} account since its last trusted sign-in`]
        : []),
      ...(p.details.feedTurnedOff === true ? [`turned off ${whose(p)} calendar feed`] : []),
    ];
    const by = str(p.details.via) === 'reset' ? 'password reset' : 'securing of the account';
    return `${p.actor}’s ${by} ${parts.join(' and ') || `changed nothing else on ${whose(p)} account`}`;
  },
  'report.exported': (p) =>
    `${p.actor} exported ${str(p.details.title) ? `the ${str(p.details.title)} report` : 'a report'}${str(p.details.from) && str(p.details.to) ? ` for ${str(p.details.from)} to ${str(p.details.to)}` : ''}`,
  'super_key.rotated': (p) => `${p.actor} changed the advocate registration key`,
  'delivery.retried': (p) => {
    const channel = str(p.details.channel);
    const kind = str(p.details.kind);
    const noun = isDeliveryChannel(channel) ? deliveryChannelNoun(channel) : 'message';
    const what = kind ? `the failed ${noun} “${deliveryKindLabel(kind)}”` : `a failed ${noun}`;
    const recipient = str(p.details.recipient);
    return `${p.actor} sent ${what}${recipient ? ` to ${recipient}` : ''} again`;
  },
  'retention.purged': () => 'Records past their retention period were removed',
  // Backups (ADR 039): by the schedule or the command nobody signed in stands behind them.
  'backup.succeeded': (p) =>
    `${p.actor === AUDIT_NO_ACTOR ? 'The server' : p.actor} backed up the firm’s data${str(p.details.file) ? ` to ${str(p.details.file)}` : ''}`,
  'backup.failed': (p) =>
    `A backup of the firm’s data${p.actor === AUDIT_NO_ACTOR ? '' : ` started by ${p.actor}`} failed${str(p.details.error) ? `: ${str(p.details.error)}` : ''}`,
  'backup.schedule_changed': (p) =>
    `${p.actor} moved the nightly backup${typeof p.details.hour === 'number' ? ` to ${String(p.details.hour).padStart(2, '0')}:00` : ''}`,
};

/** The filter's label of an action: the sentence's verb phrase without a person. */
export function auditActionLabel(action: string): string {
  const describe = isAuditAction(action) ? DESCRIBERS[action] : undefined;
  if (!describe) return auditActionWords(action);
  const text = describe({
    actor: '',
    target: 'someone',
    // "Updated their profile": the actions on one's own account are the usual case.
    self: true,
    details: {},
    caseFile: 'a case file',
  }).trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function linkFor(entry: AuditEntryForText): AuditLink | null {
  const { details } = entry;
  const caseId = str(details.caseId);
  if (caseId && entry.action !== 'case.deleted') {
    return { href: `/cases/${encodeURIComponent(caseId)}`, label: `Open ${caseFileOf(details)}` };
  }
  const conversationId = str(details.conversationId);
  if (conversationId) {
    return {
      href: `/messages?c=${encodeURIComponent(conversationId)}`,
      label: 'Open the conversation',
    };
  }
  const feeNoteId = str(details.feeNoteId);
  if (feeNoteId && entry.action !== 'fee_note.deleted') {
    const number = str(details.number);
    return {
      href: `/billing/${encodeURIComponent(feeNoteId)}`,
      label: number ? `Open fee note ${number}` : 'Open the fee note',
    };
  }
  if (entry.target && /^(client|enquiry)\./.test(entry.action)) {
    return {
      href: `/clients/${encodeURIComponent(entry.target.id)}`,
      label: `Open ${entry.target.name}’s record`,
    };
  }
  return null;
}

/** One audit row as a sentence a person understands, and the record it links to. */
export function describeAuditEntry(entry: AuditEntryForText): AuditSentence {
  const actor = entry.actor?.name ?? AUDIT_NO_ACTOR;
  const target = entry.target?.name ?? AUDIT_UNKNOWN_PERSON;
  const self = !entry.target || (entry.actor !== null && entry.actor.id === entry.target.id);
  const parts: Parts = {
    actor,
    target,
    self,
    details: entry.details,
    caseFile: caseFileOf(entry.details),
  };
  const describe = isAuditAction(entry.action) ? DESCRIBERS[entry.action] : undefined;
  const text = describe
    ? describe(parts)
    : `${actor}: ${auditActionWords(entry.action).toLowerCase()}${entry.target && !self ? ` (about ${target})` : ''}`;
  return { text, link: linkFor(entry) };
}

/**
 * A row of a person's own record of changes, in "Download my data" (ADR 021): the same sentence,
 * told to them ("You changed your password", "The firm opened case file … for you"). Who at the
 * firm did it is not theirs to know, so anyone but them is the firm.
 */
export function describeOwnAuditEntry(entry: {
  action: string;
  byYou: boolean;
  aboutYou: boolean;
  details: Record<string, unknown>;
}): string {
  const you = { id: 'you', name: 'You', email: '' };
  const text = describeAuditEntry({
    action: entry.action,
    actor: entry.byYou ? you : { id: 'firm', name: 'The firm', email: '' },
    target: entry.aboutYou ? { id: 'you', name: 'you', email: '' } : null,
    details: entry.details,
  }).text;
  return entry.byYou && entry.aboutYou
    ? text.replace(/\btheir\b/g, 'your')
    : text.replace(/\byou’s\b/g, 'your');
}
