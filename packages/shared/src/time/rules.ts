/**
 * Time and expenses (ADR 050): the units, the rounding and the lists, once for the server, the
 * web and the tests (docs/product-rules.md#time-and-expenses).
 */

/** Time is recorded in units of 6 minutes (a tenth of an hour). */
export const TIME_UNIT_MINUTES = 6;
/** One entry is at most a day. */
export const TIME_ENTRY_MAX_MINUTES = 24 * 60;

/** Minutes rounded up to the next whole unit (7 → 12), at least one unit. */
export function roundToUnits(minutes: number): number {
  const units = Math.max(1, Math.ceil(minutes / TIME_UNIT_MINUTES));
  return units * TIME_UNIT_MINUTES;
}

/**
 * What time is worth in whole shillings: rate × minutes / 60, rounded half up to the shilling
 * (the database checks the same sum: time_entries_value_check).
 */
export const timeValueKsh = (rateKsh: number, minutes: number): number =>
  Math.floor((rateKsh * minutes + 30) / 60);

/** The firm's starting activities list (the firm edits it; seeded by migration 0045). */
export const DEFAULT_TIME_ACTIVITIES = [
  'attendance',
  'drafting',
  'perusal',
  'court appearance',
  'travel',
  'correspondence',
  'research',
  'call',
] as const;

export const EXPENSE_KINDS = [
  'court_fees',
  'filing',
  'stamp_duty',
  'search',
  'valuation',
  'travel',
  'courier',
  'other',
] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];

export const EXPENSE_KIND_LABELS: Record<ExpenseKind, string> = {
  court_fees: 'Court fees',
  filing: 'Filing',
  stamp_duty: 'Stamp duty',
  search: 'Search',
  valuation: 'Valuation',
  travel: 'Travel',
  courier: 'Courier',
  other: 'Other',
};

/** Who paid an expense: the firm (billed to the client as a disbursement) or the client account. */
export const EXPENSE_PAID_FROM = ['firm', 'client_account'] as const;
export type ExpensePaidFrom = (typeof EXPENSE_PAID_FROM)[number];

/** A case's fee arrangement: hourly at the rates, a fixed fee, or a fixed fee in stages. */
export const FEE_ARRANGEMENT_KINDS = ['hourly', 'fixed', 'stages'] as const;
export type FeeArrangementKind = (typeof FEE_ARRANGEMENT_KINDS)[number];

export const TIMER_ACTIONS = ['start', 'pause', 'resume', 'stop'] as const;
export type TimerAction = (typeof TIMER_ACTIONS)[number];

/** How "Bill this" turns time into fee-note lines: one per entry, or one per activity. */
export const BILLING_GROUPINGS = ['entry', 'activity'] as const;
export type BillingGrouping = (typeof BILLING_GROUPINGS)[number];
