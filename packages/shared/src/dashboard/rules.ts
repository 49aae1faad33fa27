import { addDays } from '../appointments/rules';
import type { CaseStatus } from '../cases/rules';
import { formatNairobiDate } from '../common/dates';

/**
 * The dashboards' texts, links and rules, apart from the schemas of their answer
 * (dashboard/schemas.ts): the dashboard screen reads them on load, and should not have to load
 * zod and build every schema to do so (ADR 008).
 */

export const DASHBOARD_MESSAGES = {
  /** docs/product-rules.md#screens: "A welcome greeting". */
  welcome: (firstName: string) => `Welcome, ${firstName}`,
  subtitle: 'What would you like to do today?',
  loadFailed: 'Failed to load your dashboard',
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
  sendMessage: 'Send Message',
  bookAppointment: 'Book Appointment',
  uploadDocument: 'Upload Document',
  makePayment: 'Make Payment',
} as const;

/** Open cases: every case not yet closed (a closed case takes no uploads). */
export const OPEN_CASE_STATUSES = [
  'pending',
  'in_progress',
  'completed',
] as const satisfies readonly CaseStatus[];

/** How many days of court dates the dashboards count (today included). */
export const COURT_DATE_WINDOW_DAYS = 14;

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
};

/**
 * The filtered list each tile counts (every tile links to it). Only lists that honour these
 * filters: /cases (status incl. `open`, assignee, court dates), /appointments (status incl.
 * `live`, from/to, advocate, payment, paidFrom/paidTo), /enquiries (status), /clients
 * (joinedFrom/joinedTo) and Admin Management's users tab (status).
 */
export const dashboardLinks = {
  cases: (filters: { status?: string; assignee?: string } = {}) =>
    `/cases${filters.status || filters.assignee ? `?${query(filters)}` : ''}`,
  courtDates: (today: string) =>
    `/cases?${query({ courtFrom: today, courtTo: addDays(today, COURT_DATE_WINDOW_DAYS - 1) })}`,
  /** Messages: one conversation, or a new one (`?new=1`). */
  conversation: (id: string) => `/messages?${query({ c: id })}`,
  newMessage: () => '/messages?new=1',
  /** The Enquiries inbox at its new ones. */
  newEnquiries: () => `/enquiries?${query({ status: 'new' })}`,
  appointments: (filters: {
    status?: string;
    from?: string;
    to?: string;
    advocate?: string;
    payment?: string;
    paidFrom?: string;
    paidTo?: string;
    /** `firm`: requests the firm has yet to confirm (not a visitor's held booking). */
    awaiting?: 'firm';
  }) => `/appointments?${query(filters)}`,
  /** Client accounts created from / to these days. */
  newClients: (from: string, to: string) => `/clients?${query({ joinedFrom: from, joinedTo: to })}`,
  /** Advocates' registrations waiting for verification, in the users tab. */
  pendingAdvocates: () => `/admin-management?${query({ tab: 'users', 'users.status': 'pending' })}`,
};

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

/**
 * The first advocate's setup checklist (ADR 027): each item ticked from the data, never from a
 * click, and each linking to where it is done. The panel goes once every item is done.
 */
export const SETUP_ITEMS = [
  'firmDetails',
  'paymentDetails',
  'officeHours',
  'colleagues',
  'firstClient',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export const SETUP_CHECKLIST_TEXTS = {
  heading: 'Set up your firm',
  intro: 'A few things to do before the firm runs its day here. Each is ticked once it is done.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  done: 'Done',
  notDone: 'Not done yet',
  items: {
    firmDetails: {
      label: 'Firm details',
      hint: 'Save the firm settings: the address that receives notifications, fees and replies.',
      href: '/system-settings?tab=firm',
    },
    paymentDetails: {
      label: 'Payment details',
      hint: 'The M-Pesa paybill or till number clients pay to.',
      href: '/system-settings?tab=firm#firm-payment-details',
    },
    officeHours: {
      label: 'Office hours',
      hint: 'The days and times clients may book, saved in the firm settings.',
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
