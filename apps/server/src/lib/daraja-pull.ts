/**
 * Daraja's Pull Transactions API (ADR 054), read from Safaricom's documentation
 * (developer.safaricom.co.ke/apis/PullTransaction): the shortcode is registered once
 * (`/pulltransactions/v1/register`), then `/pulltransactions/v1/query` lists the paybill's C2B
 * transactions of the last 48 hours between StartDate and EndDate ("yyyy-MM-dd HH:mm:ss" on a
 * Nairobi clock), from the row OffSetValue on. The answer nests its list one level deeper than
 * expected: `Response` is an array of arrays of `{ transactionId, trxDate, msisdn, sender,
 * transactiontype, billreference, amount, organizationname }` (lower-case keys, unlike the rest
 * of Daraja). ResponseCode 1000 is a page; 1001 is "no transactions in the period".
 */

export interface PullRegisterInput {
  /** The Safaricom number on the shortcode's KYC (MPESA_PULL_NOMINATED_NUMBER). */
  nominatedNumber: string;
  /** Where Safaricom may post about the registration (a valid secure address). */
  callbackUrl: string;
}

export interface PullQueryInput {
  from: Date;
  to: Date;
  /** The row to start from (0, then the count read so far). */
  offset: number;
}

/** One transaction of the paybill as M-Pesa lists it. */
export interface PulledTransaction {
  transId: string;
  /** The instant it completed (trxDate; a zone-less value is read as Nairobi time). */
  paidAt: Date;
  /** Whole shillings; null when the amount has cents or is not a number (refused, never rounded). */
  amountKsh: number | null;
  /** The account number as the customer typed it. */
  billReference: string;
  msisdn: string;
  sender: string;
  /** e.g. `c2b-pay-bill-debit`; a reversal's names it (isReversal). */
  transactionType: string;
}

export interface PullPage {
  /** `1000`: transactions; `1001`: none in the period. */
  responseCode: string;
  transactions: PulledTransaction[];
  /** Items of the page that are no transaction (kept out, counted for the log). */
  unreadable: number;
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** "yyyy-MM-dd HH:mm:ss" on a Nairobi clock (Kenya keeps UTC+3 all year). */
export function pullStamp(instant: Date): string {
  const d = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** trxDate: ISO with a zone ("2020-08-05T10:13:00Z") as it says; without one, Nairobi time. */
export function readTrxDate(value: string): Date | null {
  const trimmed = value.trim();
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed);
  const normalised = trimmed.replace(' ', 'T');
  const instant = new Date(zoned ? normalised : `${normalised}+03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * Whether M-Pesa lists the transaction as reversed. Safaricom's documentation names only
 * `c2b-pay-bill-debit`; a reversal is read as a transaction type naming it ("reversal",
 * "reversed"), listed under the receipt it reverses. The one place that reading lives.
 */
export const isReversal = (transaction: Pick<PulledTransaction, 'transactionType'>) =>
  /revers/i.test(transaction.transactionType);

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function readItem(item: unknown): PulledTransaction | null {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
  const fields = item as Record<string, unknown>;
  const transId = str(fields.transactionId).trim();
  const paidAt = readTrxDate(str(fields.trxDate));
  if (!/^[A-Za-z0-9]{10}$/.test(transId) || !paidAt) return null;
  const amount = str(fields.amount).trim();
  // "168.00" is 168 shillings; "233.8" has cents M-Pesa never moves on a paybill: not a payment.
  const whole = /^\d+(?:\.0+)?$/.test(amount) ? Number(amount.split('.')[0]) : null;
  return {
    transId: transId.toUpperCase(),
    paidAt,
    amountKsh: whole !== null && whole > 0 ? whole : null,
    billReference: str(fields.billreference).trim(),
    msisdn: str(fields.msisdn),
    sender: str(fields.sender),
    transactionType: str(fields.transactiontype),
  };
}

/** Reads a 200 answer of the query; null when it is no page at all. */
export function readPullPage(json: Record<string, unknown> | null): PullPage | null {
  const responseCode = str(json?.ResponseCode);
  if (responseCode === '1001') return { responseCode, transactions: [], unreadable: 0 };
  if (responseCode !== '1000' || !Array.isArray(json?.Response)) return null;
  // An array of arrays as documented; a flat array is read too.
  const items = (json.Response as unknown[]).flatMap((entry) =>
    Array.isArray(entry) ? entry : [entry],
  );
  const transactions: PulledTransaction[] = [];
  let unreadable = 0;
  for (const item of items) {
    const transaction = readItem(item);
    if (transaction) transactions.push(transaction);
    else unreadable += 1;
  }
  return { responseCode, transactions, unreadable };
}
