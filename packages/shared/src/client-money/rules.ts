/**
 * Client money (ADR 045, docs/product-rules.md#client-money): the firm's accounts, the kinds of
 * journal entry, and the limits of what one entry may carry. Amounts are whole shillings.
 */

/** An office account holds the firm's own money; a client account only money held for clients. */
export const MONEY_ACCOUNT_KINDS = ['office', 'client'] as const;
export type MoneyAccountKind = (typeof MONEY_ACCOUNT_KINDS)[number];

/**
 * - `receipt`: money received for a client into a client account;
 * - `payment`: money paid out of a client account for the client (court fees, stamp duty …);
 * - `transfer_to_office`: the client's money moved to an office account to settle a fee note;
 * - `refund`: money paid back to the client;
 * - `reversal`: the correction of an earlier entry, which is never edited or deleted.
 */
export const CLIENT_MONEY_ENTRY_KINDS = [
  'receipt',
  'payment',
  'transfer_to_office',
  'refund',
  'reversal',
] as const;
export type ClientMoneyEntryKind = (typeof CLIENT_MONEY_ENTRY_KINDS)[number];

/** The kinds that take money out of the client's ledger (a reversal takes its entry's opposite). */
export const MONEY_OUT_KINDS: readonly ClientMoneyEntryKind[] = [
  'payment',
  'transfer_to_office',
  'refund',
];

export const CLIENT_MONEY_LIMITS = {
  /** One entry, and an account's opening balance: a billion shillings (a plot's price fits). */
  amountMaxKsh: 1_000_000_000,
  nameMax: 120,
  institutionMax: 120,
  accountNumberMax: 40,
  referenceMax: 60,
  narrativeMax: 500,
  reasonMax: 500,
} as const;

/** The receipts into a client account have their own gap-free series: CR/2026/0001. */
export const CLIENT_RECEIPT_SERIES = 'CR' as const;

/** The calendar month (`YYYY-MM`) a day (`YYYY-MM-DD`) falls in: what a month lock names. */
export const monthOf = (day: string): string => day.slice(0, 7);

/**
 * What an entry of `kind` does to the client's ledger, in shillings: money in is positive, money
 * out negative. A reversal does the opposite of the entry it reverses.
 */
export function ledgerEffect(
  kind: ClientMoneyEntryKind,
  amountKsh: number,
  reversedKind?: ClientMoneyEntryKind,
): number {
  if (kind === 'reversal') return -ledgerEffect(reversedKind ?? 'receipt', amountKsh);
  return MONEY_OUT_KINDS.includes(kind) ? -amountKsh : amountKsh;
}

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 1 to 999 in words, British style: "two hundred and fifty-six". */
function hundredsInWords(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tens =
    rest < 20
      ? ONES[rest]!
      : `${TENS[Math.floor(rest / 10)]!}${rest % 10 ? `-${ONES[rest % 10]!}` : ''}`;
  if (!hundreds) return tens;
  return rest ? `${ONES[hundreds]!} hundred and ${tens}` : `${ONES[hundreds]!} hundred`;
}

/**
 * Whole shillings in words as a receipt states them beside the figures, so neither can be altered
 * alone: 1_250_000 → "One million, two hundred and fifty thousand shillings only".
 */
export function kshInWords(amountKsh: number): string {
  const whole = Math.floor(Math.abs(amountKsh));
  if (whole === 0) return 'Nil shillings';
  const groups: string[] = [];
  const scales = ['', ' thousand', ' million', ' billion'];
  let rest = whole;
  for (let scale = 0; rest > 0; scale += 1, rest = Math.floor(rest / 1000)) {
    const chunk = rest % 1000;
    if (chunk) groups.unshift(`${hundredsInWords(chunk)}${scales[scale]!}`);
  }
  // "One thousand and five": the last group under a hundred after a larger one takes "and".
  const last = whole % 1000;
  const joined =
    groups.length > 1 && last > 0 && last < 100
      ? `${groups.slice(0, -1).join(', ')} and ${groups.at(-1)!}`
      : groups.join(', ');
  const words = `${joined} shilling${whole === 1 ? '' : 's'} only`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The accountant's practice-year pack (ADR 045): a practice year is a calendar year, 1 January to
 * 31 December, in Nairobi days (an entry's date is a Nairobi day). Its CSV parts, by file name.
 */
export const PRACTICE_YEAR_CSV_PARTS = [
  'journal.csv',
  'ledgers.csv',
  'balances.csv',
  'reconciliations.csv',
] as const;
export type PracticeYearCsvPart = (typeof PRACTICE_YEAR_CSV_PARTS)[number];

/** The earliest practice year a pack is drawn for: before it, no firm kept client money here. */
export const PRACTICE_YEAR_MIN = 2000;

/** A practice year's first and last Nairobi day. */
export const practiceYearDays = (year: number) => ({
  first: `${year}-01-01`,
  last: `${year}-12-31`,
});

/** The twelve months (`YYYY-MM`) of a practice year, January first. */
export const practiceYearMonths = (year: number): string[] =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
