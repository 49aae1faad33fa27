import { groupThousands } from '../common/numbers';
import {
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  FEE_MAX_KSH,
  VISITOR_DAILY_CEILING_MAX,
} from '../appointments/rules';
import { TWO_FACTOR_GRACE_MAX_DAYS } from '../two-factor/rules';
import { auditActionWords } from './audit-actions';

/**
 * Firm settings' texts and the M-Pesa kinds, apart from the schemas (settings/schemas.ts):
 * the client's dashboard shows them on load (Make Payment), and should not have to load zod and
 * build every schema to do so (ADR 008).
 */

export const FIRM_SETTINGS_MESSAGES = {
  tabLabel: 'Firm settings',
  saved: 'Firm settings saved',
  saveFailed: 'Failed to save firm settings',
  loadFailed: 'Failed to load firm settings',
  loading: 'Loading firm settings…',
  /** Above the form: who last saved it, and when (a day in words). */
  lastSaved: (day: string, by: string | null) => `Last saved ${day}${by ? ` by ${by}` : ''}.`,
  neverSaved: 'These are the defaults: nobody has changed them yet.',
  feeRequired: 'Fee is required',
  feeInvalid: `Fee must be a whole number of shillings from 0 to ${groupThousands(FEE_MAX_KSH)}`,
  durationRequired: 'Duration is required',
  durationInvalid: `Duration must be a whole number of minutes from ${DURATION_MIN_MINUTES} to ${DURATION_MAX_MINUTES}`,
  timeInvalid: 'Choose start times from the list',
  reviewedInvalid: 'Reviewed must be one of: firmDetails, officeHours',
  timeAfterHours: 'Every start time must fall within that day’s office hours',
  noBookingDay: 'Open at least one day for booking',
  mpesaNumberInvalid: 'Enter the paybill or till number: 5 to 7 digits',
  mpesaInstructionsRequired: 'Say which account number to use, or clear the paybill number',
  kraPinInvalid: 'A KRA PIN is a letter, 9 digits and a letter (e.g. P051234567X)',
  vatNeedsKraPin: 'Give the firm’s KRA PIN: a VAT-registered firm prints it on every fee note',
  bankAccountIncomplete:
    'Give the bank’s name and the account number, or leave all bank fields empty',
  contactAutoReplyRequired: 'The contact auto-reply is required',
  bookingAutoReplyRequired: 'The booking auto-reply is required',
  visitorCeilingLabel: 'Online bookings awaiting email confirmation, most a day',
  visitorCeilingHint:
    'Visitors’ bookings not yet confirmed from their email. Past this number in a day, the booking form asks visitors to call instead (it stops a bot filling the diary).',
  visitorCeilingRequired: 'The most unconfirmed online bookings a day is required',
  courtTravelLabel: 'Travel time around court dates (minutes)',
  courtTravelHint:
    "An advocate's court date blocks their consultations from this long before the hearing until this long after it ends (a court appearance's duration), so the diary never offers a time they cannot reach.",
  courtTravelRequired: 'The travel time around court dates is required',
  courtTravelInvalid: 'Enter a whole number of minutes from 0 to 240',
  visitorCeilingInvalid: `Enter a whole number from 1 to ${VISITOR_DAILY_CEILING_MAX}`,
  twoFactorLegend: 'Two-factor sign-in',
  twoFactorGraceLabel: 'Days staff may sign in before setting up two-factor sign-in',
  twoFactorGraceHint: `Advocates and admins must sign in with a second factor. With 0, once signed in (by password, registration, invitation or reset link) they can do nothing but set one up until it is on. 1 to ${TWO_FACTOR_GRACE_MAX_DAYS} days count from that first sign-in.`,
  twoFactorGraceRequired: 'The days of grace are required (0 for none)',
  twoFactorGraceInvalid: `Enter a whole number of days from 0 to ${TWO_FACTOR_GRACE_MAX_DAYS}`,
  backupHourInvalid: 'Choose an hour from 00 to 23',
  paymentNotSetUp: 'The firm has not yet set up M-Pesa payment details.',
  /** Followed by the firm's number as a link, then paymentOrMessage: never a dead end. */
  paymentCallUs: 'To arrange payment, call us on',
  paymentOrMessage: 'or send us a message',
} as const;

export const MPESA_KINDS = ['paybill', 'till'] as const;
export type MpesaKind = (typeof MPESA_KINDS)[number];
export const MPESA_KIND_LABELS: Record<MpesaKind, string> = {
  paybill: 'Paybill',
  till: 'Buy Goods till',
};

// ---------------------------------------------------------------------------------------------
// Deliveries (System Settings → Deliveries, ADR 028)

/**
 * The outbox's messages as the firm reads them (ADR 028): what went, to whom, and what the
 * provider said of those that did not. Addresses and numbers reach the screen partly hidden (the
 * server masks them) and a message's text never does.
 */

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const isDeliveryChannel = (value: unknown): value is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly unknown[]).includes(value);

/** A channel as a filter's option or a column's word. */
export const DELIVERY_CHANNEL_WORDS: Record<DeliveryChannel, string> = {
  email: 'Email',
  sms: 'SMS',
};

/** A channel inside a sentence ("the failed email …", "the failed SMS …"). */
export const deliveryChannelNoun = (channel: DeliveryChannel) =>
  channel === 'email' ? 'email' : 'SMS';

export const DELIVERY_STATUS_WORDS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * What each kind of message is, in the firm's words: one per kind the server's outbox knows
 * (DELIVERY_KINDS in its deliveries repository; a server test holds the two lists together).
 */
export const DELIVERY_KIND_LABELS: Readonly<Record<string, string>> = {
  contact_to_firm: 'Contact form message, to the firm',
  contact_auto_reply: 'Contact form: automatic reply',
  password_reset: 'Password reset link',
  two_factor_reset: 'Two-factor sign-in turned off',
  recovery_codes_renewed: 'New recovery codes made',
  passkey_added: 'Passkey added',
  account_access_taken_back: 'Account secured: what was removed',
  sign_in_alert: 'Sign-in from a new device',
  email_change_link: 'New email address: confirmation link',
  email_change_notice: 'Email address changed: notice to the old address',
  invitation: 'Invitation to the client portal',
  appointment_hold: 'Booking held: confirm by email',
  appointment_booked: 'Appointment booked',
  appointment_booked_by_firm: 'Appointment booked by the firm',
  appointment_confirmed: 'Appointment confirmed',
  appointment_rescheduled: 'Appointment moved',
  appointment_meeting_link: 'Video call link sent',
  appointment_cancelled: 'Appointment cancelled',
  appointment_reminder: 'Appointment reminder',
  appointment_to_firm: 'Booking news, to the firm',
  case_opened: 'Case file opened',
  case_status_changed: 'Case status changed',
  case_document_added: 'New document or note on a case',
  court_date_set: 'Court date set',
  court_date_reminder: 'Court date reminder',
  message_unread: 'Unread secure message',
  payment_receipt: 'Payment receipt',
  fee_note_issued: 'Fee note issued',
  fee_note_cancelled: 'Fee note cancelled',
  test_sms: 'Test SMS',
  backup_failed: 'A backup failed, to the advocates',
  backup_overdue: 'No backup for over a day, to the advocates',
};

/** A kind's label; a kind added later without one still reads as words ("Fee note due"). */
export function deliveryKindLabel(kind: string): string {
  return Object.hasOwn(DELIVERY_KIND_LABELS, kind)
    ? DELIVERY_KIND_LABELS[kind]!
    : auditActionWords(kind);
}

/** What the server answers about deliveries (the 404, the 409s, the retry's toast). */
export const DELIVERY_MESSAGES = {
  invalidId: 'Invalid delivery id',
  notFound: 'Delivery not found',
  notFailed: {
    queued: 'This message is still being sent. Only a message that failed can be retried.',
    sent: 'This message has already been sent. Only a message that failed can be retried.',
  },
  confidential:
    'This message held a one-time link and cannot be sent again. Ask the person to request a new link, or send them a new invitation.',
  retried: (channel: DeliveryChannel, kindLabel: string, recipient: string) =>
    `The ${deliveryChannelNoun(channel)} “${kindLabel}” to ${recipient} is being sent again.`,
} as const;

/** System Settings → Deliveries: the screen's words. */
export const DELIVERY_TEXTS = {
  tabLabel: 'Deliveries',
  intro:
    'Every email and SMS the portal sends, newest first. Addresses and numbers are partly hidden, and what a message says is never shown here. A message that failed shows the reason its provider gave; retry it once the reason is dealt with.',
  caption: 'Deliveries',
  searchLabel: 'What was sent (for example, password reset)',
  searchPlaceholder: 'What was sent, e.g. password reset',
  statusLabel: 'Status',
  allStatuses: 'All statuses',
  channelLabel: 'Channel',
  allChannels: 'Email and SMS',
  columns: { when: 'When (Nairobi)', message: 'Message', to: 'To', status: 'Status' },
  loading: 'Loading deliveries…',
  loadFailed: 'The deliveries could not be loaded.',
  empty: 'No deliveries',
  emptyHint: 'Emails and SMS appear here as soon as the portal sends them.',
  count: (total: number) => `${total} ${total === 1 ? 'message' : 'messages'}`,
  nextAttemptAt: 'Next try',
  retriedAt: 'Retried',
  attempts: (count: number) => (count === 1 ? '1 attempt' : `${count} attempts`),
  reason: 'Reason given',
  /** A queued message's reason is that of the attempt before: another is coming. */
  lastReason: 'Last attempt failed',
  report: 'Network report',
  retry: 'Retry',
  retrying: 'Retrying…',
  /** The Retry button's accessible name: what is retried, and to whom. */
  retryLabel: (channel: DeliveryChannel, kindLabel: string, recipient: string) =>
    `Retry the ${deliveryChannelNoun(channel)} “${kindLabel}” to ${recipient}`,
  retryFailed: 'The message could not be sent again. Please try again.',
  oneTimeLink: 'It held a one-time link: ask the person to request a new one.',
} as const;
