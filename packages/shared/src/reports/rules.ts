import { addDays } from '../appointments/rules';
import { can, type Action, type Actor } from '../permissions';

/**
 * Reports (docs/product-rules.md#reports): their ranges, and the filtered list each figure counts.
 * Kept apart from the schemas (reports/schemas.ts) as the dashboard keeps its rules: the screen
 * builds its range choices without loading zod.
 */

export const REPORT_KINDS = [
  'caseload',
  'appointments',
  'enquiries',
  'service',
  'money',
  'client-money',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * What reading a report takes: `reports:view`; the Money report shows Billing's figures (fee notes,
 * payments, what is owed), so it takes `reports:money`, which holds Billing's toggle too; the
 * Client money report shows the client ledgers, so it takes `reports:client-money`, which holds
 * the toggle that opens them (ADR 045).
 */
export const reportAction = (kind: ReportKind): Action =>
  kind === 'money'
    ? 'reports:money'
    : kind === 'client-money'
      ? 'reports:client-money'
      : 'reports:view';

/** The range choices of the Reports screen; `custom` takes the two dates typed. */
export const REPORT_PRESETS = [
  'this_month',
  'last_month',
  'this_quarter',
  'this_year',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The longest range a report covers: five years of Nairobi days. */
export const REPORT_MAX_DAYS = 5 * 366;
/**
 * The first day a report may start: the period before a range (what it is compared with, and the
 * lists its figures link to) reaches at most REPORT_MAX_DAYS back, and every list takes days from
 * 1900 on (common/calendar-days.ts).
 */
export const REPORT_FIRST_DAY = '1906-01-01';

/** What a figure counts: a number of things, shillings, hours, days or a share. */
export const REPORT_UNITS = ['count', 'ksh', 'hours', 'days', 'percent'] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
/** The last day of `day`'s month (31 days after the 1st is always in the next month). */
const monthEnd = (day: string) => addDays(monthStart(addDays(monthStart(day), 31)), -1);
const addMonths = (day: string, months: number) => {
  const [year, month] = day.slice(0, 7).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** The days a preset covers, seen from Nairobi's `today`. */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'last_month': {
      const from = addMonths(today, -1);
      return { from, to: monthEnd(from) };
    }
    case 'this_quarter': {
      const month = Number(today.slice(5, 7));
      const from = addMonths(`${today.slice(0, 4)}-01-01`, Math.floor((month - 1) / 3) * 3);
      return { from, to: monthEnd(addMonths(from, 2)) };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    default:
      return { from: monthStart(today), to: monthEnd(today) };
  }
}

/** Whole days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * The range a report compares with: the same whole months just before (last month for this
 * month, last quarter for this quarter, last year for this year), or else as many days just
 * before.
 */
export function previousRange(range: DayRange): DayRange {
  const wholeMonths = range.from === monthStart(range.from) && range.to === monthEnd(range.to);
  if (wholeMonths) {
    const months =
      (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 +
      Number(range.to.slice(5, 7)) -
      Number(range.from.slice(5, 7)) +
      1;
    const from = addMonths(range.from, -months);
    return { from, to: addDays(range.from, -1) };
  }
  const length = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The months a range touches, `YYYY-MM`, each with the part of the range inside it. */
export function monthsOf(range: DayRange): { month: string; from: string; to: string }[] {
  const months: { month: string; from: string; to: string }[] = [];
  // Counted by months, not by comparing day texts (a text comparison of days past year 9999 never
  // ends: appointments-report.ts).
  const count =
    (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 +
    Number(range.to.slice(5, 7)) -
    Number(range.from.slice(5, 7)) +
    1;
  for (let i = 0; i < count; i += 1) {
    const start = addMonths(monthStart(range.from), i);
    months.push({
      month: start.slice(0, 7),
      from: start < range.from ? range.from : start,
      to: monthEnd(start) > range.to ? range.to : monthEnd(start),
    });
  }
  return months;
}

/** Weeks of court dates the caseload report shows ahead of today (today's week first). */
export const REPORT_COURT_WEEKS = 8;
/** An open case older than these many months counts as old (the caseload report's ageing). */
export const REPORT_CASE_AGES = [6, 12] as const;
/**
 * Client money held with no movement for over these many months is idle: the report's two columns,
 * and the dashboard's warning at the longer (docs/product-rules.md#client-money).
 */
export const CLIENT_MONEY_IDLE_MONTHS = [6, 12] as const;
/** A client's message waits "over a day" once this many hours pass without the firm answering. */
export const REPORT_WAITING_HOURS = 24;
/** Ageing of what is owed: days since a fee note was issued (or an appointment took place). */
export const REPORT_AGEING = ['0-30', '31-60', '61-90', '90+'] as const;
export type ReportAgeing = (typeof REPORT_AGEING)[number];
/** The first and last day of an ageing bucket, as days back from today (`null`: no limit). */
export const AGEING_DAYS: Record<ReportAgeing, { min: number; max: number | null }> = {
  '0-30': { min: 0, max: 30 },
  '31-60': { min: 31, max: 60 },
  '61-90': { min: 61, max: 90 },
  '90+': { min: 91, max: null },
};

/** `date` minus `months` calendar months (the day kept, or the month's last day). */
export function monthsBefore(date: string, months: number): string {
  const first = addMonths(date, -months);
  const day = date.slice(8, 10);
  const candidate = `${first.slice(0, 8)}${day}`;
  return candidate > monthEnd(first) ? monthEnd(first) : candidate;
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * The filtered list each report figure counts (every figure links to it, and equals its total).
 * Only filters the lists honour: /cases, /appointments, /enquiries, /messages and /billing
 * (fee notes, and staff's payments view).
 */
export const reportLinks = {
  cases: (filters: {
    status?: string;
    category?: string;
    assignee?: string;
    openOn?: string;
    openedFrom?: string;
    openedTo?: string;
    closedFrom?: string;
    closedTo?: string;
    courtFrom?: string;
    courtTo?: string;
  }) => `/cases${query(filters)}`,
  appointments: (filters: {
    from?: string;
    to?: string;
    status?: string;
    type?: string;
    advocate?: string;
    cancelledBy?: string;
    fee?: string;
    payment?: string;
    paidFrom?: string;
    paidTo?: string;
    bookedFrom?: string;
    bookedTo?: string;
    receipt?: string;
  }) => `/appointments${query(filters)}`,
  enquiries: (filters: {
    from?: string;
    to?: string;
    kind?: string;
    urgency?: string;
    converted?: string;
  }) => `/enquiries${query(filters)}`,
  /** Conversations whose client has waited over a day for the firm's answer. */
  waitingConversations: () => `/messages${query({ waiting: 'day' })}`,
  feeNotes: (filters: {
    status?: string;
    issuedFrom?: string;
    issuedTo?: string;
    client?: string;
  }) => `/billing${query(filters)}`,
  payments: (filters: { method?: string; from?: string; to?: string }) =>
    `/billing${query({ view: 'payments', ...filters })}`,
};

/**
 * What a reader must be allowed to follow a figure's link: the list must show them every row the
 * figure counts (an admin without canOpenFiles sees only the conversations they are named on, so
 * the waiting conversations' list is for those who see them all). A figure whose list the reader
 * may not open is shown without a link.
 */
const LINK_ACTIONS: readonly (readonly [prefix: string, action: Action])[] = [
  ['/billing?view=payments', 'payments:record'],
  ['/billing', 'fee-notes:view'],
  ['/messages', 'messages:all'],
  ['/cases', 'cases:view'],
  ['/appointments', 'appointments:view'],
  ['/enquiries', 'enquiries:view'],
];

export function mayFollowReportLink(actor: Actor, link: string): boolean {
  const rule = LINK_ACTIONS.find(
    ([prefix]) => link === prefix || link.startsWith(`${prefix}?`) || link.startsWith(`${prefix}&`),
  );
  return rule !== undefined && can(actor, rule[1]);
}
