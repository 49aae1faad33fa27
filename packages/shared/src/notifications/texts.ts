import type { Role } from '../common/constants';
import { MESSAGE_LIMITS } from '../messages/texts';
import { isClientAccount } from '../permissions';

/**
 * Notifications (docs/product-rules.md#screens, #records, #states, #limits): the bell's words, the kinds of event that
 * notify someone, and which of those a client may also receive by email.
 */

export const NOTIFICATION_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What happened: each notification names the event that caused it. */
export const NOTIFICATION_KINDS = [
  'case_opened',
  'case_status_changed',
  'case_document_added',
  'case_note_added',
  'case_assigned',
  'court_date_set',
  'court_date_reminder',
  'appointment_booked',
  'appointment_confirmed',
  'appointment_rescheduled',
  'appointment_cancelled',
  'appointment_reminder',
  'permissions_changed',
  'advocate_awaiting_verification',
  'contact_message_received',
  'visitor_booking_received',
  'message_received',
  'delivery_failed',
  'fee_note_issued',
  'fee_note_cancelled',
  'payment_received',
  'payment_flagged',
  'backup_failed',
  'backup_overdue',
  'etims_refused',
  'etims_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The "you have a new message" email, sent when a message has waited unread a while. Not the bell's
 * `message_received`: the notification queue emails a client at once for every notification whose
 * kind is listed below, and a message is never emailed, only announced after a while.
 */
export const MESSAGE_EMAIL_KIND = 'message_unread';

/**
 * The emails a person may switch off in Profile, one switch per kind (on unless switched off). The
 * case and appointment kinds go with the bell's notification of the same name and reach clients
 * only; the message email reaches clients and the staff named on a conversation.
 */
export const NOTIFICATION_EMAIL_KINDS = [
  'case_opened',
  'case_status_changed',
  'case_document_added',
  'court_date_set',
  'appointment_confirmed',
  'appointment_rescheduled',
  'appointment_cancelled',
  'fee_note_issued',
  'payment_received',
  MESSAGE_EMAIL_KIND,
] as const satisfies readonly (NotificationKind | typeof MESSAGE_EMAIL_KIND)[];
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number];

export const NOTIFICATION_EMAIL_KIND_LABELS: Record<NotificationEmailKind, string> = {
  case_opened: 'A case is opened for me',
  case_status_changed: "My case's status changes",
  case_document_added: 'A document is shared on my case',
  court_date_set: 'A court date on my case is set, moved or due tomorrow',
  appointment_confirmed: 'An appointment is confirmed',
  appointment_rescheduled: 'An appointment is rescheduled',
  appointment_cancelled: 'An appointment is cancelled',
  fee_note_issued: 'The firm sends me a fee note or cancels one (with its credit note)',
  payment_received: 'A payment of mine is received (with its receipt)',
  message_unread: `A message to me is still unread after ${MESSAGE_LIMITS.emailAfterMinutes} minutes`,
};

/** Staff receive only the message email: Profile shows them that switch alone. */
const STAFF_EMAIL_KINDS = [MESSAGE_EMAIL_KIND] as const satisfies readonly NotificationEmailKind[];

/** The email kinds that can reach someone of `role`, in the order Profile lists them. */
export const emailKindsFor = (role: Role): readonly NotificationEmailKind[] =>
  isClientAccount({ role }) ? NOTIFICATION_EMAIL_KINDS : STAFF_EMAIL_KINDS;

export const isNotificationEmailKind = (kind: string): kind is NotificationEmailKind =>
  (NOTIFICATION_EMAIL_KINDS as readonly string[]).includes(kind);

/** docs/product-rules.md#limits: the badge caps at 9+. */
export const NOTIFICATION_BADGE_CAP = 9;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;

export function notificationBadgeText(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

export const NOTIFICATION_MESSAGES = {
  // Contract texts, word for word (docs/texts.md).
  bellLabel: 'Notifications',
  markAllRead: 'Mark all read',
  markRead: 'Mark as read',
  remove: 'Remove',
  viewDetails: 'View Details',
  empty: 'No notifications yet',
  loading: 'Loading…',
  loadingMore: 'Loading more…',
  /** The panel's list could not be fetched: said so, with Try again, never 'No notifications yet'. */
  loadFailed: 'Your notifications could not be loaded.',
  unreadCount: (count: number) =>
    count === 0
      ? 'No unread notifications'
      : `${count} unread notification${count === 1 ? '' : 's'}`,
  notFound: 'Notification not found',
  invalidId: 'Invalid notification id',
  invalidBefore: 'Before must be a whole number from 1',
  preferencesHeading: 'Email notifications',
  preferencesIntro:
    'Choose which events also reach you by email. You always see them under the bell.',
  preferencesSaved: 'Email preferences saved',
  preferencesFailed: 'Failed to save email preferences',
  preferencesLoading: 'Loading your email preferences…',
  preferencesLoadFailed: 'Your email preferences could not be loaded.',
  allRead: 'All notifications marked as read',
} as const;

/**
 * What the bell says of each event (who hears of what is in the server's
 * notify-events.ts and ADR 017). A title and a message that name the record, never a note's,
 * document's or message's content.
 */
export const NOTIFICATION_TEXTS = {
  caseOpened: {
    title: 'New case opened',
    message: (caseNumber: string) => `Case ${caseNumber} has been opened for you.`,
  },
  caseAssigned: {
    title: 'Case assigned to you',
    message: (caseNumber: string) => `Case ${caseNumber} has been assigned to you.`,
  },
  caseStatusChanged: {
    title: 'Case status updated',
    message: (caseNumber: string, status: string) => `Case ${caseNumber} is now ${status}.`,
  },
  caseDocumentAdded: {
    title: 'New document',
    message: (caseNumber: string) => `A document was added to case ${caseNumber}.`,
  },
  caseDocumentShared: {
    title: 'Document shared',
    message: (caseNumber: string) => `A document on case ${caseNumber} was shared with you.`,
  },
  caseNoteShared: {
    title: 'Note shared',
    message: (caseNumber: string) => `A note on case ${caseNumber} was shared with you.`,
  },
  caseNoteAdded: {
    title: 'New note',
    message: (caseNumber: string) => `A note was added to case ${caseNumber}.`,
  },
  visitorBooking: {
    title: 'New booking request',
    message: (who: string, type: string, when: string) =>
      `${who} (a visitor) asked for a ${type} on ${when}.`,
  },
  clientBooking: {
    title: 'New appointment request',
    message: (who: string, type: string, when: string) => `${who} asked for a ${type} on ${when}.`,
  },
  staffBooking: {
    title: 'Appointment booked',
    message: (type: string, when: string) => `A ${type} was booked for ${when}.`,
    /** To the client (ADR 015): the firm booked it; nothing awaits their request. */
    forClient: (type: string, when: string) =>
      `The firm booked a ${type} for you on ${when}. It is in your advocate's diary.`,
  },
  appointmentChange: {
    appointment_confirmed: { title: 'Appointment confirmed', verb: 'is confirmed' },
    appointment_rescheduled: { title: 'Appointment rescheduled', verb: 'has moved' },
    appointment_cancelled: { title: 'Appointment cancelled', verb: 'is cancelled' },
  },
  /** Changed by staff: to the client and the advocate. */
  appointmentChangedByStaff: (type: string, when: string, verb: string) =>
    `The ${type} on ${when} ${verb}.`,
  /** Changed by the client or a visitor's link: to the staff who schedule. */
  appointmentChangedByClient: (who: string, type: string, when: string, verb: string) =>
    `${who}'s ${type} on ${when} ${verb}.`,
  /** To the advocate a reschedule took the appointment from. */
  movedToAnotherAdvocate: (type: string, when: string) =>
    `The ${type} on ${when} has moved to another advocate's diary.`,
  /** Set or moved: to the client and the assignee. */
  courtDateSet: {
    title: 'Court date set',
    movedTitle: 'Court date moved',
    message: (caseNumber: string, when: string, court: string | null) =>
      `Case ${caseNumber} is in court on ${when}${court ? ` at ${court}` : ''}.`,
  },
  courtDateReminder: {
    title: 'Court date tomorrow',
    message: (caseNumber: string, when: string, court: string | null) =>
      `Reminder: case ${caseNumber} is in court on ${when}${court ? ` at ${court}` : ''}.`,
  },
  appointmentReminder: {
    title: 'Appointment tomorrow',
    message: (type: string, when: string) => `Reminder: ${type} on ${when}.`,
  },
  /** To advocates: an email or text could not be delivered and will not be tried again (ADR 028). */
  deliveryFailed: {
    title: 'A message could not be delivered',
    message: (what: string, channel: 'email' | 'sms', to: string, reason: string) =>
      `The ${channel === 'sms' ? 'SMS' : 'email'} “${what}” to ${to} could not be delivered: ${reason}. Reach the person another way, or correct their details and retry it under System Settings, Deliveries.`,
  },
  permissionsChanged: {
    title: 'Your permissions changed',
    message: 'An advocate changed what you may do in the portal.',
  },
  advocateAwaitingVerification: {
    title: 'Advocate awaiting verification',
    message: (name: string) => `${name} registered and is waiting to be verified.`,
  },
  contactMessage: {
    title: 'New contact message',
    urgentTitle: 'Urgent contact message',
    message: (name: string) =>
      `${name} wrote through the website; the message is in the firm's inbox.`,
  },
} as const;
