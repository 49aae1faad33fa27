import {
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  FEE_MAX_KSH,
  VISITOR_DAILY_CEILING_MAX,
} from './appointments';

/**
 * Firm settings' texts and the M-Pesa kinds, apart from the schemas (schemas/firm-settings.ts):
 * the client's dashboard shows them on load (Make Payment), and should not have to load zod and
 * build every schema to do so (ADR 008).
 */

export const FIRM_SETTINGS_MESSAGES = {
  tabLabel: 'Firm settings',
  saved: 'Firm settings saved',
  saveFailed: 'Failed to save firm settings',
  loadFailed: 'Failed to load firm settings',
  feeRequired: 'Fee is required',
  feeInvalid: `Fee must be a whole number of shillings from 0 to ${FEE_MAX_KSH.toLocaleString('en-KE')}`,
  durationRequired: 'Duration is required',
  durationInvalid: `Duration must be a whole number of minutes from ${DURATION_MIN_MINUTES} to ${DURATION_MAX_MINUTES}`,
  timeInvalid: 'Choose start times from the list',
  timeAfterHours: 'Every start time must fall within that day’s office hours',
  noBookingDay: 'Open at least one day for booking',
  mpesaNumberInvalid: 'Enter the paybill or till number: 5 to 7 digits',
  mpesaInstructionsRequired: 'Say which account number to use, or clear the paybill number',
  contactAutoReplyRequired: 'The contact auto-reply is required',
  bookingAutoReplyRequired: 'The booking auto-reply is required',
  visitorCeilingLabel: 'Online bookings awaiting email confirmation, most a day',
  visitorCeilingHint:
    'Visitors’ bookings not yet confirmed from their email. Past this number in a day, the booking form asks visitors to call instead (it stops a bot filling the diary).',
  visitorCeilingRequired: 'The most unconfirmed online bookings a day is required',
  visitorCeilingInvalid: `Enter a whole number from 1 to ${VISITOR_DAILY_CEILING_MAX}`,
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
