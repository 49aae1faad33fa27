import type { CaseStatus } from '../cases/rules';
import { formatNairobiDate } from '../common/dates';
import type { SetupItem } from './rules';

/** The dashboards' texts (docs/texts.md), beside their links and rules (rules.ts). */

export const DASHBOARD_MESSAGES = {
  /** docs/product-rules.md#screens: "A welcome greeting". */
  welcome: (firstName: string) => `Welcome, ${firstName}`,
  subtitle: 'What would you like to do today?',
  loadFailed: 'Failed to load your dashboard',
  loading: 'Loading the dashboard',
  /** The skeleton's name while the figures load. */
  loadingSkeleton: 'Loading your dashboard',
  accessDenied: 'Access denied. You may not view this dashboard.',
  retry: 'Try again',
  noRecentCases: 'No cases yet',
  noUpcomingAppointments: 'No upcoming appointments',
  noCourtDates: 'No court dates in the next 14 days',
  noDiary: 'Nothing in your diary today',
  noUnpaidFees: 'You have no unpaid fees',
  unassigned: 'Unassigned',
  unknownPerson: 'Unknown',
  /** Make Payment lists the oldest unpaid fees; the total counts them all. */
  someUnpaidFeesShown: (shown: number, total: number) =>
    `These are the ${shown} oldest of your ${total} unpaid fees; the total counts them all.`,
  seeAllAppointments: 'See every appointment',
  noOpenCases: 'You have no open cases to add documents to',
  quickActions: 'Quick Actions',
  noRecentMessages: 'No messages yet',
  /** A recent message with no text to show: withdrawn, or only files. */
  messageWithoutText: 'Message withdrawn or files only',
  noOpenCasesByAssignee: 'No open cases',
  sendMessage: 'Send Message',
  bookAppointment: 'Book Appointment',
  uploadDocument: 'Upload Document',
  makePayment: 'Make Payment',
  clientMoneyWarnings: 'Client money',
  /** "KCB Client Account: November 2026 is not reconciled (due by 15 December 2026)". */
  unreconciledMonth: (account: string, month: string, due: string) =>
    `${account}: ${month} is not reconciled (due by ${due})`,
  idleClientMoney: (count: number, held: string) =>
    `${count} ${count === 1 ? 'balance' : 'balances'} of client money (${held}) with no movement for over 12 months`,
  idleClientMoneyLink: 'See the Client money report',
  /** "KCB Client Account: 3 statement lines unmatched for over 7 days (the oldest of Tue 3 Nov 2026)". */
  unmatchedStatementLines: (account: string, count: number, oldest: string) =>
    `${account}: ${count === 1 ? 'a statement line' : `${count} statement lines`} unmatched for over 7 days (${count === 1 ? '' : 'the oldest '}of ${oldest})`,
  clientMoneyAllClear:
    'Every month is reconciled, every statement line matched, and no client money is idle over 12 months',
} as const;

/**
 * A client's "next action" on a case (the dashboard variant of docs/product-rules.md#records), from what the case
 * says: a coming court date first, else what its status waits for.
 */
export function caseNextAction(
  status: CaseStatus,
  courtDate: string | null,
  now: Date = new Date(),
): string {
  if (status === 'closed') return 'None: the case is closed';
  if (courtDate && new Date(courtDate).getTime() > now.getTime()) {
    return `Court date on ${formatNairobiDate(courtDate)}`;
  }
  if (status === 'pending') return 'Awaiting review by the firm';
  if (status === 'in_progress') return 'Your advocate is working on it';
  return 'Awaiting closure';
}

export const SETUP_CHECKLIST_TEXTS = {
  heading: 'Set up your firm',
  intro: 'A few things to do before the firm runs its day here. Each is ticked once it is done.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  done: 'Done',
  notDone: 'Not done yet',
  items: {
    firmDetails: {
      label: 'Firm details',
      hint: 'The address that receives notifications, the fees and the automatic replies: check them and save.',
      href: '/system-settings?tab=firm#firm-details',
    },
    paymentDetails: {
      label: 'Payment details',
      hint: 'The M-Pesa paybill or till number clients pay to.',
      href: '/system-settings?tab=firm#firm-payment-details',
    },
    officeHours: {
      label: 'Office hours',
      hint: 'The days and times clients may book: check them and save.',
      href: '/system-settings?tab=firm#firm-booking-hours',
    },
    colleagues: {
      label: 'Colleagues',
      hint: 'Add an admin for the office, or another advocate.',
      href: '/admin-management',
    },
    firstClient: {
      label: 'First client',
      hint: 'Add a client, or convert an enquiry into one.',
      href: '/clients',
    },
  },
} as const satisfies {
  items: Record<SetupItem, { label: string; hint: string; href: string }>;
} & Record<string, unknown>;
