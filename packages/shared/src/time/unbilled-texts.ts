import { formatKsh } from '../appointments/rules';

/**
 * The words of the unbilled work view (docs/product-rules.md#time-and-expenses, ADR 050): a
 * case's and a client's "Bill this", and the firm's unbilled work by advocate on the billing screen.
 */
export const UNBILLED_SCREEN_TEXTS = {
  panelTitle: 'Unbilled work',
  view: 'Unbilled work',
  loading: 'Loading the unbilled work…',
  loadFailed: 'The unbilled work could not be loaded. Check your connection and try again.',
  empty: 'No unbilled work: every billable entry and expense is on a fee note.',
  totalsLabel: 'Unbilled totals',
  time: 'Time',
  value: 'Value of time',
  expenses: 'Expenses',
  oldest: 'Oldest unbilled',
  hours: (minutes: number) => `${(minutes / 60).toFixed(1)} h`,
  entriesCaption: 'Unbilled time',
  expensesCaption: 'Unbilled expenses',
  selectAll: 'Choose all',
  choose: (what: string) => `Bill ${what}`,
  entryLine: (minutes: number, activity: string, who: string) =>
    `${(minutes / 60).toFixed(1)} h · ${activity} · ${who}`,
  chosen: (count: number, amount: number) => `${count} chosen · ${formatKsh(amount)} to bill`,
  groupingLegend: 'Fee note lines',
  groupingLabels: {
    entry: 'One line per entry',
    activity: 'Summarised by activity',
  },
  writeDown: 'Bill less than recorded (write-down)',
  writeDownHint: 'The recorded value is kept; the fee note bills the amount you give.',
  billedLabel: (what: string) => `Bill for ${what} (KSh)`,
  reasonLabel: 'Why it is billed for less',
  reasonHint: 'Kept with each written-down entry, for the firm’s realisation figures.',
  writtenDown: (amount: number) => `${formatKsh(amount)} written down`,
  billThis: 'Bill this',
  billing: 'Drafting the fee note…',
  billFailed: 'The fee note could not be drafted. Refresh the list and try again.',
  nothingChosen: 'Choose at least one entry or expense to bill',
  oneClient: 'Choose the work of one client: a fee note is for one client',
  billedAmountInvalid: 'Give whole shillings, 0 or more and less than the recorded value',
  reasonRequired: 'Say why the entry is billed for less',
  clientCase: (caseNumber: string) => `Case ${caseNumber}`,
  byAdvocateCaption: 'Unbilled work by advocate',
  byCaseCaption: 'Unbilled work by case',
  firmIntro:
    'Billable time and firm-paid expenses not yet on a fee note: open the case to bill it. What has waited longest is listed first.',
  columns: {
    who: 'Advocate',
    theCase: 'Case',
    client: 'Client',
    time: 'Time',
    value: 'Value',
    expenses: 'Expenses',
    oldest: 'Oldest',
  },
  openCase: (caseNumber: string) => `Open case ${caseNumber}`,
} as const;
