import { FIRM_IDENTITY } from '../common/firm-identity';

/**
 * Text messages (SMS) to clients (docs/decisions/033-sms-to-clients.md): what a client may be
 * texted about, one switch each in Profile, and the texts themselves. Texts name the firm and its
 * phone, never a message's content or a case's private details, and fit one 160-character GSM-7
 * SMS for realistic data (the tests hold them to it).
 */

export const SMS_KINDS = ['appointments', 'court_dates', 'messages', 'billing'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/**
 * On unless switched off: appointments and court dates, the texts a client must not miss (sent
 * in performance of the firm's engagement, with the notice below). The message and billing texts
 * are sent only to a client who switched them on: every client account is made by the firm (Add
 * Client, Convert to client), never by the client, so no one is texted about money until they
 * have agreed to it themselves (docs/product-rules.md#text-messages, ADR 033).
 */
export const SMS_DEFAULTS: Record<SmsKind, boolean> = {
  appointments: true,
  court_dates: true,
  messages: false,
  billing: false,
};

export const SMS_KIND_LABELS: Record<SmsKind, string> = {
  appointments:
    'My appointments: booked, confirmed, moved or cancelled, and reminders the day before and 2 hours before',
  court_dates: 'My court dates: set or moved, and a reminder the day before',
  messages: 'A new secure message from the firm is waiting (never its content)',
  billing: 'My fee notes (sent or cancelled) and the receipts of my payments',
};

/** Profile's Text messages section: the notice the Data Protection Act (s. 29) asks for. */
export const SMS_TEXTS = {
  heading: 'Text messages (SMS)',
  intro: (phone: string) => `We text ${phone} about the things you choose below.`,
  noPhone:
    'Add a Kenyan mobile number under Personal details to receive text messages about your appointments and court dates.',
  notice:
    "We use your number only to send these texts, through our SMS provider Africa's Talking, and keep a record of each text for a year. You can switch any of them off here at any time; switching one on is your consent to receive it.",
  saved: 'Your text message choices are saved.',
  loading: 'Loading your text message choices…',
  loadFailed: 'We could not load your text message choices.',
} as const;

/** The firm as a text names it: short, so the rest fits one SMS. */
const FIRM = 'Mwamba & Associates';
const CALL = `Call ${FIRM_IDENTITY.phone.replace(/^\+254 /, '0')}`;

/**
 * GSM-7 has no curly quotes, dashes or non-breaking spaces: a single one would make the text
 * UCS-2, 70 characters a part. Typed names and labels are brought to their plain forms.
 */
export function toGsm7(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/[\u00A0\u2007\u202F]/g, ' ')
    .replace(/\u2026/g, '...');
}

/** Shortens a typed label to `max` characters, so a long one cannot push a text into two. */
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`;

/** `when`: the caller's "Tue 2 Dec, 10:00" in Nairobi time. */
export const SMS = {
  appointmentRequested: (what: string, when: string) =>
    `${FIRM}: we have your request for a ${clip(what, 40)} on ${when}. We will confirm it soon. ${CALL}`,
  appointmentBookedByFirm: (what: string, when: string) =>
    `${FIRM}: we have booked a ${clip(what, 40)} for you on ${when}. Details in your portal. ${CALL}`,
  appointmentConfirmed: (what: string, when: string) =>
    `${FIRM}: your ${clip(what, 40)} on ${when} is confirmed. ${CALL}`,
  appointmentMoved: (what: string, when: string) =>
    `${FIRM}: your ${clip(what, 40)} has moved to ${when}. ${CALL}`,
  appointmentCancelled: (what: string, when: string) =>
    `${FIRM}: your ${clip(what, 40)} on ${when} is cancelled. To book again, visit your portal or ${CALL.toLowerCase()}`,
  appointmentTomorrow: (what: string, when: string) =>
    `${FIRM}: reminder of your ${clip(what, 40)} tomorrow, ${when}. ${CALL} if you cannot come`,
  appointmentSoon: (what: string, time: string) =>
    `${FIRM}: your ${clip(what, 40)} starts at ${time} today. ${CALL} if you are delayed`,
  courtDateSet: (caseNumber: string, when: string) =>
    `${FIRM}: court date for case ${clip(caseNumber, 30)} set for ${when}. Details in your portal. ${CALL}`,
  courtDateMoved: (caseNumber: string, when: string) =>
    `${FIRM}: court date for case ${clip(caseNumber, 30)} moved to ${when}. Details in your portal. ${CALL}`,
  courtDateTomorrow: (caseNumber: string, when: string) =>
    `${FIRM}: reminder, case ${clip(caseNumber, 30)} is in court tomorrow, ${when}. ${CALL}`,
  /** `amount`: "KSh 5,000"; `reference`: the M-Pesa code or the bank's, as recorded. */
  paymentReceived: (
    amount: string,
    what: string,
    when: string,
    reference: string,
    /** What remains owed on it ("KSh 123,050"); null once nothing does. */
    stillOwed: string | null = null,
  ) =>
    stillOwed
      ? `${FIRM}: received ${amount} for ${clip(what, 20)} on ${when}; ${stillOwed} still owed. Ref ${clip(reference, 12)}. ${CALL}`
      : `${FIRM}: we received ${amount} for your ${clip(what, 30)} on ${when}. Ref ${clip(reference, 20)}. Thank you. ${CALL}`,
  /** `paybill`: payByPaybill's sentence when the firm has a paybill (ADR 047), else the portal. */
  feeNoteIssued: (number: string, amount: string, due: string, paybill: string | null = null) =>
    paybill
      ? `${FIRM}: fee note ${number} for ${amount} is due ${due}. ${paybill}. ${CALL}`
      : `${FIRM}: fee note ${number} for ${amount} is due ${due}. See it and pay by M-Pesa in the client portal. ${CALL}`,
  /** A cancelled fee note: the text the client holds says "due … pay", so this says it is not. */
  feeNoteCancelled: (number: string, creditNote: string) =>
    `${FIRM}: fee note ${number} is cancelled by credit note ${creditNote}. Nothing is due on it; do not pay it. ${CALL}`,
  newMessage: (link: string) =>
    `${FIRM}: you have a new secure message from the firm. Sign in to read it: ${link}`,
} as const;
