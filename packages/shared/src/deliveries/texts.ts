import { auditActionWords } from '../audit/audit-actions';

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
