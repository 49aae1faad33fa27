import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '../clients/texts';
import { formatNairobiDateTime, formatNairobiDay } from '../common/dates';
import { groupThousands } from '../common/numbers';
import { APPOINTMENT_TYPE_DEFAULTS } from '../appointments/rules';
import { EXPENSE_KIND_LABELS, type ExpenseKind } from '../time/rules';

/**
 * The phrases the audit log's sentences are built from (audit-texts.ts): a case file, an
 * appointment, a conversation, a client money entry, a statement line or a payment, named from
 * what the audit row kept.
 */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
export const quoted = (value: unknown, fallback: string) => {
  const text = str(value);
  return text ? `“${text}”` : fallback;
};
/** A passkey's name in brackets after "a passkey", or nothing when there is none. */
export const passkeyName = (details: Record<string, unknown>) =>
  str(details.name) ? ` (${quoted(details.name, '')})` : '';
/** A number or reference after a noun: " FN/2026/0042", or nothing when there is none. */
export const spaced = (value: unknown) => (str(value) ? ` ${str(value)}` : '');

/** A case field's name as the case screen labels it. */
export const CASE_FIELD_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  category: 'category',
  priority: 'priority',
  status: 'status',
  assigneeId: 'assignee',
  court: 'court',
  courtCaseNumber: 'court case number',
  courtDate: 'court date',
};

export const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export interface Parts {
  actor: string;
  target: string;
  /** Whether the actor acted on their own account (target is them, or none). */
  self: boolean;
  details: Record<string, unknown>;
  caseFile: string;
}

export type Describer = (p: Parts) => string;

export const caseFileOf = (details: Record<string, unknown>) =>
  str(details.caseNumber) ? `case file ${str(details.caseNumber)}` : 'a case file';
/**
 * " (shared with the client)" or " (internal)"; nothing when the row does not say, as a
 * client's own copy never does (ADR 021: whether it was ever internal is the firm's business).
 */
export const sharedOrInternal = (details: Record<string, unknown>) =>
  details.visibleToClient === true
    ? ' (shared with the client)'
    : details.visibleToClient === false
      ? ' (internal)'
      : '';
export const whose = (p: Parts) => (p.self ? 'their' : `${p.target}’s`);
/** "the consultation with Baraka Njoroge on Tue 1 Dec 2026, 10:00", from what the row kept. */
export const appointmentOf = (p: Parts) => {
  const type = str(p.details.type);
  const label =
    type && type in APPOINTMENT_TYPE_DEFAULTS
      ? APPOINTMENT_TYPE_DEFAULTS[type as keyof typeof APPOINTMENT_TYPE_DEFAULTS].label
      : 'appointment';
  const who = str(p.details.clientName) ?? (p.self ? undefined : p.target);
  const startsAt = str(p.details.startsAt);
  // A row written before appointments kept these (and the filter's label) says no more.
  if (!type && !who && !startsAt) return 'an appointment';
  return `the ${label.toLowerCase()}${who ? ` with ${who}` : ''}${startsAt ? ` on ${formatNairobiDateTime(startsAt)}` : ''}`;
};
/** "the conversation “Lease renewal” with Wanjiru Kamau". */
export const conversationOf = (p: Parts) =>
  `the conversation ${quoted(p.details.subject, '')}${p.self ? '' : ` with ${p.target}`}`.replace(
    'conversation  with',
    'conversation with',
  );
/** "the enquiry from Baraka Njoroge (“Consultation about a lease”)". */
export const enquiryOf = (p: Parts) =>
  `the ${p.details.kind === 'booking' ? 'booking request' : 'enquiry'}${str(p.details.name) ? ` from ${str(p.details.name)}` : ''}${str(p.details.subject) ? ` (${quoted(p.details.subject, '')})` : ''}`;
export const enquiryStatusWords = (value: unknown) =>
  typeof value === 'string' && value in ENQUIRY_STATUS_LABELS
    ? ENQUIRY_STATUS_LABELS[value as EnquiryStatus].toLowerCase()
    : undefined;
/** How a client money entry moved the client's money, before the client's name. */
export const clientMoneyVerb = (kind: unknown) =>
  ({
    receipt: 'received for',
    payment: 'paid out for',
    transfer_to_office: 'transferred to office for a fee note of',
    refund: 'refunded to',
  })[String(kind)] ?? 'moved for';
/** "of 2026-11-03 (KSh 120,000 out, ref. 004498) of the client account “KCB Client Account”". */
export const statementLineOf = (p: Parts) => {
  const amount = typeof p.details.amountKsh === 'number' ? p.details.amountKsh : undefined;
  const parts = [
    amount === undefined
      ? undefined
      : `KSh ${groupThousands(Math.abs(amount))} ${amount < 0 ? 'out' : 'in'}`,
    str(p.details.reference) ? `ref. ${str(p.details.reference)}` : undefined,
  ].filter(Boolean);
  return [
    str(p.details.date) ? `of ${formatNairobiDay(str(p.details.date)!)}` : undefined,
    parts.length ? `(${parts.join(', ')})` : undefined,
    `of the client account${str(p.details.accountName) ? ` ${quoted(p.details.accountName, '')}` : ''}`,
  ]
    .filter(Boolean)
    .join(' ');
};
/** " of KSh 250,000 (receipt CR/2026/0004, ref. EQ7XK2P9LM)" from a client money entry's row. */
export const clientMoneyOf = (p: Parts) => {
  const amount =
    typeof p.details.amountKsh === 'number' ? ` of KSh ${groupThousands(p.details.amountKsh)}` : '';
  const refs = [
    str(p.details.receiptNumber) ? `receipt ${str(p.details.receiptNumber)}` : undefined,
    str(p.details.feeNoteNumber) ? `fee note ${str(p.details.feeNoteNumber)}` : undefined,
    str(p.details.reference) ? `ref. ${str(p.details.reference)}` : undefined,
  ].filter(Boolean);
  return `${amount}${refs.length ? ` (${refs.join(', ')})` : ''}`;
};
/** " of KSh 5,000 for fee note FN/2026/0002 (receipt RC/2026/0003)" from a payment's row. */
/** A paybill payment's part in a sentence: "KSh 5,000 of paybill payment TKR4XYZ12A". */
export const paybillOf = (p: Parts) =>
  `${typeof p.details.amountKsh === 'number' ? `KSh ${groupThousands(p.details.amountKsh)} of ` : ''}paybill payment ${str(p.details.transId) ?? ''}`.trim();
export const paybillWhere = (p: Parts) => {
  const to = str(p.details.to);
  if (to === 'fee_note') return `on fee note ${str(p.details.feeNoteNumber) ?? ''}`.trim();
  if (to === 'client_money') return `on ${p.target}’s client ledger`;
  if (to === 'refunded_outside') return 'as refunded outside the system';
  return 'to no record';
};

export const paymentOf = (p: Parts) => {
  const amount =
    typeof p.details.amountKsh === 'number' ? ` of KSh ${groupThousands(p.details.amountKsh)}` : '';
  const label = str(p.details.label) ? ` for ${str(p.details.label)}` : '';
  const receipts = [
    str(p.details.receiptNumber) ? `receipt ${str(p.details.receiptNumber)}` : undefined,
    str(p.details.mpesaReceiptNumber) ? `M-Pesa ${str(p.details.mpesaReceiptNumber)}` : undefined,
  ].filter(Boolean);
  return `${amount}${label}${receipts.length ? ` (${receipts.join(', ')})` : ''}`;
};

const kshOf = (value: unknown) =>
  typeof value === 'number' ? `KSh ${groupThousands(value)}` : undefined;
const dayOf = (value: unknown) => (str(value) ? ` on ${formatNairobiDay(str(value)!)}` : '');
/** " Wanjiru Kamau’s" when the row names whose entry it was (someone else's), else the article. */
const ownerOf = (details: Record<string, unknown>, article: string) =>
  str(details.ownerName) ? ` ${str(details.ownerName)}’s` : ` ${article}`;

/**
 * "time entry on case file MWA/2026/0001: 1.5 h of drafting on Thu 3 Dec 2026 (KSh 15,000)",
 * from what a time entry's audit row kept (ADR 050).
 */
export const timeEntryOf = (p: Parts) => {
  const hours =
    typeof p.details.minutes === 'number' ? `${(p.details.minutes / 60).toFixed(1)} h` : 'time';
  const activity = str(p.details.activity) ? ` of ${str(p.details.activity)}` : '';
  const value = kshOf(p.details.valueKsh);
  return `${ownerOf(p.details, 'a')} time entry on ${p.caseFile}: ${hours}${activity}${dayOf(p.details.date)}${value ? ` (${value})` : ''}`;
};

/** "expense on case file MWA/2026/0001: KSh 3,250 of court fees paid to Milimani Law Courts". */
export const expenseOf = (p: Parts) => {
  const kind = str(p.details.kind);
  const label = kind && kind in EXPENSE_KIND_LABELS ? EXPENSE_KIND_LABELS[kind as ExpenseKind] : '';
  const amount = kshOf(p.details.amountKsh) ?? 'an amount';
  const payee = str(p.details.payee) ? ` paid to ${str(p.details.payee)}` : '';
  return `${ownerOf(p.details, 'an')} expense on ${p.caseFile}: ${amount}${label ? ` of ${label.toLowerCase()}` : ''}${payee}${dayOf(p.details.date)}`;
};

const counted = (count: unknown, one: string, many: string) =>
  typeof count === 'number' && count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];

/**
 * " from unbilled work (3 time entries and 1 expense, KSh 2,000 written down: “Short reply”)"
 * after "drafted a fee note for …" when "Bill this" drafted it (ADR 050); nothing otherwise.
 */
export const fromUnbilledOf = (details: Record<string, unknown>) => {
  if (details.fromUnbilled !== true) return '';
  const what = list([
    ...counted(details.entries, 'time entry', 'time entries'),
    ...counted(details.expenses, 'expense', 'expenses'),
  ]);
  const down = kshOf(details.writtenDownKsh);
  const reason = str(details.writeDownReason) ? `: ${quoted(details.writeDownReason, '')}` : '';
  const parts = [
    what,
    ...(down && details.writtenDownKsh !== 0 ? [`${down} written down${reason}`] : []),
  ]
    .filter(Boolean)
    .join(', ');
  return ` from unbilled work${parts ? ` (${parts})` : ''}`;
};

/** A day kept in a row ("2027-03-01") as the screens write it ("Mon 1 Mar 2027"). */
export const dayWords = (value: unknown) => {
  const day = str(value);
  if (!day) return '';
  try {
    return formatNairobiDay(day);
  } catch {
    return day;
  }
};

/** A task by its title, and the case file it is on: “File the defence” on case file MWA/2026/0001. */
export const taskOf = (details: Record<string, unknown>) =>
  `${quoted(details.title, 'a task')}${str(details.caseNumber) ? ` on ${caseFileOf(details)}` : ''}`;

const TASK_FIELD_WORDS: Record<string, string> = {
  caseId: 'case',
  title: 'title',
  notes: 'notes',
  dueDate: 'due day',
  dueTime: 'due time',
  assigneeIds: 'assignees',
  priority: 'priority',
  status: 'status',
  visibleToClient: 'whether the client sees it',
};

/** ": due day and assignees", the fields a change touched, or nothing when the row does not say. */
export const taskChanges = (details: Record<string, unknown>) => {
  const changed = Array.isArray(details.changed)
    ? details.changed.filter((field): field is string => typeof field === 'string')
    : [];
  const words = changed.map((field) => TASK_FIELD_WORDS[field] ?? field);
  return words.length ? ` (${list(words)})` : '';
};
