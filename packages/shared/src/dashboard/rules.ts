import { addDays } from '../appointments/rules';
import type { CaseStatus } from '../cases/rules';

/**
 * The dashboards' links and rules (their texts are in texts.ts), apart from the schemas of their
 * answer (dashboard/schemas.ts): the dashboard screen reads them on load, and should not have to
 * load zod and build every schema to do so (ADR 008).
 */

/** Open cases: every case not yet closed (a closed case takes no uploads). */
export const OPEN_CASE_STATUSES = [
  'pending',
  'in_progress',
  'completed',
] as const satisfies readonly CaseStatus[];

/**
 * Client money (ADR 045): a month of a client account is to be reconciled by this day of the next
 * month; after it, the advocates' dashboard warns of the month until it is locked.
 */
export const RECONCILE_BY_DAY = 15;
/** Client money held with no movement for over this many months is a warning on the dashboard. */
export const CLIENT_MONEY_IDLE_WARNING_MONTHS = 12;
/** A statement line left unmatched this many days after its import is a warning on the dashboard. */
export const UNMATCHED_LINE_WARNING_DAYS = 7;

const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/** The last day (`YYYY-MM-DD`) on which `month` (`YYYY-MM`) may still be reconciled. */
export const reconciliationDue = (month: string): string =>
  `${nextMonth(month)}-${String(RECONCILE_BY_DAY).padStart(2, '0')}`;

/**
 * The months (`YYYY-MM`) of an account opened on `openingDate` that are past their reconciliation
 * day on Nairobi's `today` (the 15th of the next month gone) and not locked, oldest first.
 */
export function overdueReconciliations(
  openingDate: string,
  today: string,
  locked: ReadonlySet<string>,
): string[] {
  const months: string[] = [];
  for (let month = openingDate.slice(0, 7); ; month = nextMonth(month)) {
    if (today <= reconciliationDue(month)) return months;
    if (!locked.has(month)) months.push(month);
  }
}

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
  /** The Reports screen's Client money report, whose last section lists the idle balances. */
  clientMoneyReport: () => '/reports?report=client-money',
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

/** The checklist's items that the firm settings form saves (ADR 027). */
export const SETTINGS_SETUP_ITEMS = ['firmDetails', 'officeHours'] as const;
export type SettingsSetupItem = (typeof SETTINGS_SETUP_ITEMS)[number];

/**
 * The firm settings each of those items stands for: an item is ticked when a save changed one of
 * them, or when the advocate saved the form from the item's own link (its hash below), having
 * reviewed them as they are. Saving the payment details ticks neither.
 */
export const SETTINGS_SETUP_KEYS: Record<SettingsSetupItem, readonly string[]> = {
  firmDetails: [
    'notificationEmail',
    'appointmentTypes',
    'contactAutoReply',
    'bookingAutoReply',
    'kraPin',
    'isVatRegistered',
    'bankName',
    'bankBranch',
    'bankAccountName',
    'bankAccountNumber',
  ],
  officeHours: ['bookingTimes'],
};

/** The section of the firm settings a checklist link opens at: the item it reviews. */
export const SETTINGS_SETUP_HASHES: Record<SettingsSetupItem, string> = {
  firmDetails: 'firm-details',
  officeHours: 'firm-booking-hours',
};
