import { groupThousands } from '../common/numbers';
import {
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  FEE_MAX_KSH,
  VISITOR_DAILY_CEILING_MAX,
} from '../appointments/rules';
import { TWO_FACTOR_GRACE_MAX_DAYS } from '../two-factor/rules';

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
  paybillValidationInvalid: 'Choose off, accounts, or accounts and amounts',
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
