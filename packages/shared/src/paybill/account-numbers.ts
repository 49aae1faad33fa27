import { BILLING_NUMBER_KINDS } from '../billing/rules';
import { CASE_NUMBER_PREFIX } from '../cases/rules';

/**
 * What a client types as the account number when paying the firm's paybill, read forgivingly
 * (docs/product-rules.md#paying-by-paybill): case, spaces, slashes, dashes and dots do not matter,
 * and neither do a missing year or leading zeros. `fn/2026/12`, `FN 2026-0012` and `fn12` all name
 * fee note FN/2026/0012 (the last only if no other year has a fee note 12). Reading gives every
 * record the text could name; the server keeps those that exist, and a payment whose text names
 * none, or more than one, waits for staff to allocate.
 */

/** A client's own payment reference: the firm's letters and a number (`MW1234`). */
export const CLIENT_PAYMENT_REFERENCE_PREFIX = 'MW';
const CLIENT_REFERENCE_DIGITS = 4;

export type AccountNumberReading =
  | { kind: 'fee_note'; year: number | null; sequence: number }
  | { kind: 'case'; year: number | null; sequence: number }
  | { kind: 'client'; sequence: number }
  | { kind: 'appointment'; reference: string };

/** `FN/2026/0012` → `FN20260012`: what the fee note, the email and the SMS tell the client to type. */
export const paybillAccountOf = (number: string) => normaliseAccountNumber(number);

/** The client's payment reference from the number the database gave them: 7 → `MW0007`. */
export const clientPaymentReference = (sequence: number) =>
  `${CLIENT_PAYMENT_REFERENCE_PREFIX}${String(sequence).padStart(CLIENT_REFERENCE_DIGITS, '0')}`;

/** Upper case, with spaces, slashes, dashes, dots, underscores and hashes gone. */
export function normaliseAccountNumber(typed: string): string {
  return typed.toUpperCase().replace(/[\s/\\\-._#]+/g, '');
}

/** A year a fee note or case of this firm could carry. */
const isPlausibleYear = (year: number) => year >= 2000 && year <= 2099;

/**
 * The (year, sequence) pairs a run of digits may mean: with the year in front when it starts with
 * one (`20260012`: 2026, 12), and always the whole as a sequence of no stated year (`12`).
 */
function yearAndSequence(digits: string): { year: number | null; sequence: number }[] {
  const readings: { year: number | null; sequence: number }[] = [];
  if (digits.length > 4) {
    const year = Number(digits.slice(0, 4));
    const sequence = Number(digits.slice(4));
    if (isPlausibleYear(year) && sequence > 0) readings.push({ year, sequence });
  }
  // Eight digits or more with no year in front are no sequence this firm will reach.
  if (digits.length <= 6 && Number(digits) > 0)
    readings.push({ year: null, sequence: Number(digits) });
  return readings;
}

export function readAccountNumber(typed: string): AccountNumberReading[] {
  const text = normaliseAccountNumber(typed);
  // The case prefix (MWA) starts with the client one (MW): the longer is tried first.
  const caseDigits = new RegExp(`^${CASE_NUMBER_PREFIX}(\\d+)$`).exec(text)?.[1];
  if (caseDigits) {
    return yearAndSequence(caseDigits).map((reading) => ({ kind: 'case', ...reading }));
  }
  const clientDigits = new RegExp(`^${CLIENT_PAYMENT_REFERENCE_PREFIX}(\\d{1,6})$`).exec(text)?.[1];
  if (clientDigits && Number(clientDigits) > 0) {
    return [{ kind: 'client', sequence: Number(clientDigits) }];
  }
  const feeNote = new RegExp(`^${BILLING_NUMBER_KINDS[0]}(\\d+)$`).exec(text)?.[1];
  if (feeNote) return yearAndSequence(feeNote).map((reading) => ({ kind: 'fee_note', ...reading }));
  const appointment = /^APT([0-9A-F]{8})$/.exec(text)?.[1];
  if (appointment) return [{ kind: 'appointment', reference: `APT-${appointment}` }];
  return [];
}
