import { MESSAGES } from '../common/texts';
import type { ReportKind, ReportPreset, ReportUnit } from './rules';

/** The Reports screen's and CSV's words (docs/texts.md), beside their rules (rules.ts). */

export const REPORT_TITLES: Record<ReportKind, string> = {
  caseload: 'Caseload',
  appointments: 'Appointments',
  enquiries: 'Enquiries',
  service: 'Client service',
  money: 'Money',
  'client-money': 'Client money',
};

export const REPORT_DESCRIPTIONS: Record<ReportKind, string> = {
  caseload:
    'Open cases, cases opened and closed, how old the open ones are, and court dates ahead.',
  appointments:
    'Meetings by month, type and advocate, how full the diary was, and bookings never confirmed.',
  enquiries:
    'Contact messages and booking requests, how fast the firm answered, and how many became clients.',
  service: "How long clients wait for the firm's answer to their messages.",
  money: 'What was billed, what came in and how, and what is still owed.',
  'client-money':
    'What the client account holds for each client and case, what moved in and out, and money left idle.',
};

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This year',
  custom: 'Custom',
};

/** A contact message's urgency, as the enquiries report names it. */
export const REPORT_URGENCY_LABELS = {
  normal: 'Normal',
  urgent: 'Urgent',
  emergency: 'Emergency',
} as const;

export const REPORT_UNIT_LABELS: Record<ReportUnit, string> = {
  count: 'Number',
  ksh: 'KSh',
  hours: 'Hours',
  days: 'Days',
  percent: '%',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-11` as "Nov 2026" (a report's month column). */
export const reportMonthLabel = (month: string): string =>
  `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

export const REPORT_TEXTS = {
  title: 'Reports',
  subtitle: 'How the practice is doing, for the days you choose.',
  rangeLabel: 'Period',
  fromLabel: 'From',
  toLabel: 'To',
  apply: 'Show',
  reportsNav: 'Reports',
  thisPeriod: 'This period',
  previousPeriod: 'Previous period',
  now: 'Now',
  total: 'Total',
  loading: 'Loading the report',
  loadFailed: 'The report could not be loaded. Please try again.',
  retry: 'Try again',
  exportCsv: 'Download CSV',
  print: 'Print',
  chartOf: (title: string) => `Chart: ${title}`,
  /** The chart's summary for those who cannot see it; the table beside it holds every figure. */
  chartSummary: (title: string, highest: string | null) =>
    `Chart: ${title}.${highest ? ` Highest: ${highest}.` : ''} The table gives every figure.`,
  /** What the screen names the report choices, and each figure's link ("12 — Family Law, This period"). */
  pickerLabel: 'Choose a report',
  figureLink: (figure: string, row: string, column: string) => `${figure} — ${row}, ${column}`,
  /** A cell with nothing to measure (a median of no answers): a dash, read out as this. */
  noFigure: 'No figure',
  periodLine: (period: string, previous: string) => `${period}, compared with ${previous}`,
  updating: 'Updating the report',
  downloadFailed: 'The CSV could not be downloaded. Please try again.',
  tableOf: (title: string) => `Table: ${title}`,
  noData: 'Nothing in this period.',
  /** A section of figures as of now (open cases, what is owed) with nothing in it. */
  noDataNow: 'None at the moment.',
  comparedWith: (from: string, to: string) => `Compared with ${from} – ${to}`,
  covering: (from: string, to: string) => `${from} – ${to}`,
  // The route guard's words (the portal manifest reads MESSAGES, never this file).
  accessDenied: MESSAGES.reportsAccessDenied,
  moneyDenied:
    'Access denied. The Money report shows the firm’s fee notes and payments, as Billing does.',
  clientMoneyDenied:
    'Access denied. The Client money report shows what the firm holds for each client, as the client ledgers do.',
  invalidDate: 'Dates are written YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  rangeTooLong: 'A report covers at most five years',
  /** REPORT_FIRST_DAY: the period before a report's range (compared with it) must be from 1900 on too. */
  outOfRange: 'Give a date from 1906 to 2100 (a report compares with the period before it)',
  unknownReport: 'There is no such report',
  unassigned: 'Unassigned',
  unknownPerson: 'Former staff member',
  /** The one figure of a section that counts nothing a list shows (a median, a share). */
  notAList: 'Worked out from the records; no single list shows it',
} as const;

/** Each report's sections: their titles, and the labels of their rows where fixed. */
export const REPORT_SECTION_TEXTS = {
  caseload: {
    openAtEnd: 'Open cases at the end of the period, by category',
    openByStatus: 'Open cases now, by status',
    openByAssignee: 'Open cases now, by who is assigned',
    openedClosed: 'Cases opened and closed, by month',
    opened: 'Opened',
    closed: 'Closed',
    age: 'Open cases now, by age',
    medianAge: 'Median age of open cases now (days)',
    medianAgeRow: 'Median age',
    youngerThan: (months: number) => `Under ${months} months`,
    between: (from: number, to: number) => `${from} to ${to} months`,
    olderThan: (months: number) => `Over ${months} months`,
    openedClosedTotals: 'Cases opened and closed, against the previous period',
    courtDates: 'Court dates in the weeks ahead',
    courtDatesRow: 'Court dates',
    weekOf: (day: string) => `Week of ${day}`,
  },
  appointments: {
    byMonth: 'Appointments by month',
    totals: 'Appointments, against the previous period',
    booked: 'Booked',
    confirmed: 'Confirmed',
    completed: 'Completed',
    cancelled: 'Cancelled',
    byType: 'Appointments by type',
    byAdvocate: 'Appointments by advocate',
    slots: 'Share of offered times taken',
    share: 'Share taken',
    slotsNote: (taken: number, offered: number) =>
      `${taken} appointments in ${offered} offered times this period: each open day's booking times (a consultation's length) for each advocate taking bookings now.`,
    unconfirmed: 'Visitor bookings never confirmed by the visitor',
    unconfirmedRow: 'Never confirmed (the hold ran out)',
  },
  enquiries: {
    byKind: 'Enquiries by kind',
    byUrgency: 'Contact messages by urgency',
    response: 'Time to first response (hours)',
    median: 'Median',
    p90: '90th percentile',
    responseNote: (answered: number) =>
      `From arrival to the firm's first step on the enquiry (a status, a note, a new client), over the ${answered} enquiries of this period acted on.`,
    converted: 'Enquiries that became clients',
    convertedRow: 'Became clients',
  },
  service: {
    byStaff: "Time to answer a client's message, by staff member (median hours)",
    firm: 'The whole firm',
    byStaffNote:
      "From a client's message to the firm's next message in that conversation, for each answer; messages still waiting are not counted.",
    waiting: 'Client messages waiting for an answer',
    waitingRow: 'Waiting over a day now',
  },
  money: {
    billed: 'Billed',
    feeNotesIssued: 'Fee notes issued',
    appointmentFees: 'Appointment fees',
    collected: 'Collected, by method',
    markedPaid: 'Appointment fees marked paid without a receipt',
    outstanding: 'Outstanding now, by age (days)',
    feeNotesOwed: 'Fee notes',
    appointmentFeesOwed: 'Appointment fees',
    total: 'Total',
    byClient: 'Fee notes outstanding now, by client (largest first)',
  },
  'client-money': {
    held: (day: string) => `Held for clients at the end of ${day}, by client and case`,
    heldColumn: 'Held',
    heldNote:
      'Each client’s ledger on each case: money received, less what was paid out, transferred to office or refunded, up to the end of the period (or today).',
    movements: 'Client money moved, by kind of entry',
    netChange: 'Change in what is held',
    movementsNote:
      'Each kind adds up its entries dated in the period; a reversal undoes an earlier entry, so the last row is what the client ledgers gained or lost.',
    idle: 'Held now with no movement for over 6 months',
    idleNote:
      'A balance is idle when its client’s ledger on that case has had no entry since: money the firm should return or account for.',
    /** "Wanjiru Kamau · ELC/2025/0042 · last moved 3 May 2025": a row of held money. */
    row: (client: string, caseNumber: string | null, lastMoved?: string) =>
      [client, caseNumber ?? 'No case', ...(lastMoved ? [`last moved ${lastMoved}`] : [])].join(
        ' · ',
      ),
    idleBuckets: { '6-12': '6 to 12 months', '12+': 'Over 12 months' },
  },
} as const;
