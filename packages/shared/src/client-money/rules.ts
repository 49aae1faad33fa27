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
