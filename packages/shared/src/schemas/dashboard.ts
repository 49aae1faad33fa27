import { z } from 'zod';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, addDays } from '../appointments';
import { formatNairobiDate } from '../date-format';
import { CASE_PRIORITIES, CASE_STATUSES, type CaseStatus } from '../cases';
import { ROLES } from '../constants';
import { paymentInstructionsSchema } from './firm-settings';

/**
 * GET /api/dashboard/stats (ADR 019): one answer holding every section the caller's role
 * and toggles allow; a section the caller may not see is absent (not empty).
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

const caseCountsSchema = z.object({
  pending: z.number(),
  in_progress: z.number(),
  completed: z.number(),
});
export type OpenCaseCounts = z.infer<typeof caseCountsSchema>;

/** The dashboard variant of a case (docs/product-rules.md#records): id, title, status, lastUpdate, nextAction, priority. */
export const dashboardCaseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  status: z.enum(CASE_STATUSES),
  lastUpdate: z.string(),
  nextAction: z.string(),
  priority: z.enum(CASE_PRIORITIES),
});
export type DashboardCase = z.infer<typeof dashboardCaseSchema>;

/** The dashboard variant of an appointment (docs/product-rules.md#records): title, date, time, type, status. */
export const dashboardAppointmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  client: z.string(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

export const courtDateSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  courtDate: z.string(),
  court: z.string().nullable(),
});

/** The dashboard variant of a message (docs/product-rules.md#records): sender, message, time, unread. */
export const dashboardMessageSchema = z.object({
  conversationId: z.string(),
  subject: z.string(),
  sender: z.string(),
  /** The last message's opening words; null when it was withdrawn or carried only files. */
  message: z.string().nullable(),
  time: z.string(),
  unread: z.boolean(),
});
export type DashboardMessage = z.infer<typeof dashboardMessageSchema>;

export const unpaidFeeSchema = z.object({
  appointmentId: z.string(),
  reference: z.string(),
  title: z.string(),
  date: z.string(),
  feeKsh: z.number(),
});
export type UnpaidFee = z.infer<typeof unpaidFeeSchema>;

export const dashboardStatsSchema = z.object({
  role: z.enum(ROLES),
  /** Nairobi dates the counts were taken on: today, the week (Monday to Sunday), the month. */
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  monthStart: z.string(),
  monthEnd: z.string(),
  /** A client's own figures. */
  client: z
    .object({
      activeCases: z.number(),
      upcomingAppointments: z.number(),
      unreadMessages: z.number(),
      recentMessages: z.array(dashboardMessageSchema),
      feesPendingKsh: z.number(),
      feesPendingCount: z.number(),
      recentCases: z.array(dashboardCaseSchema),
      upcoming: z.array(dashboardAppointmentSchema),
      unpaidFees: z.array(unpaidFeeSchema),
      /** The open cases a document may be uploaded to (Upload Document). */
      openCases: z.array(z.object({ id: z.string(), caseNumber: z.string(), title: z.string() })),
      payment: paymentInstructionsSchema,
    })
    .optional(),
  /** Live appointments today and this week (admins). */
  appointments: z.object({ today: z.number(), thisWeek: z.number() }).optional(),
  /** Future appointments still waiting for the firm's confirmation. */
  bookingRequests: z.number().optional(),
  /** An admin's own assigned open cases by status. */
  assignedCases: caseCountsSchema.optional(),
  /** Court dates in the next 14 days (count and the first few). */
  courtDates: z.object({ count: z.number(), next: z.array(courtDateSchema) }).optional(),
  /** The advocate's view of the firm. */
  openCases: z
    .object({
      byStatus: caseCountsSchema,
      byAssignee: z.array(
        z.object({ assigneeId: z.string().nullable(), name: z.string(), count: z.number() }),
      ),
    })
    .optional(),
  diary: z.array(dashboardAppointmentSchema).optional(),
  /** Contact messages and visitors' booking requests nobody has picked up (enquiries:view). */
  newEnquiries: z.number().optional(),
  advocatesAwaitingVerification: z.number().optional(),
  newClientsThisMonth: z.number().optional(),
  fees: z
    .object({
      pendingKsh: z.number(),
      pendingCount: z.number(),
      paidKsh: z.number(),
      paidCount: z.number(),
    })
    .optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

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

/** GET /api/dashboard/setup */
export const setupChecklistSchema = z.object({
  items: z.array(z.object({ key: z.enum(SETUP_ITEMS), done: z.boolean() })),
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
