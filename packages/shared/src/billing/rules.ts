/**
 * Fee notes and payments (docs/product-rules.md#billing, ADR 035): statuses, numbering and the one
 * place totals are computed. Money is whole Kenyan shillings, always integers.
 */

import { addDays, dayOfWeek } from '../appointments/rules';

export const FEE_NOTE_STATUSES = ['draft', 'issued', 'partly_paid', 'paid', 'cancelled'] as const;
export type FeeNoteStatus = (typeof FEE_NOTE_STATUSES)[number];

export const FEE_NOTE_STATUS_LABELS: Record<FeeNoteStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const FEE_NOTE_LINE_KINDS = ['fee', 'disbursement'] as const;
export type FeeNoteLineKind = (typeof FEE_NOTE_LINE_KINDS)[number];

export const FEE_NOTE_LINE_KIND_LABELS: Record<FeeNoteLineKind, string> = {
  fee: 'Professional fee',
  disbursement: 'Disbursement',
};

/**
 * A payment's life: an M-Pesa push waits for Safaricom; one recorded by hand has succeeded; a
 * paybill payment M-Pesa later reversed keeps its receipt, marked reversed (ADR 054).
 */
export const PAYMENT_STATES = ['pending', 'succeeded', 'failed', 'reversed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Where a payment came from (ADR 048): an M-Pesa push from the portal, the paybill's own
 * confirmation, recorded by staff (cash, bank, cheque, a transfer from client money), or found by
 * the daily sweep of Safaricom's transactions when the confirmation never came.
 */
export const PAYMENT_SOURCES = ['stk_push', 'paybill', 'manual', 'sweep'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  stk_push: 'STK push',
  paybill: 'Paybill',
  manual: 'Recorded by hand',
  sweep: 'Found by the daily check',
};

/**
 * What an M-Pesa push pays: a fee note or a booking's fee (`fee`, the default), or a deposit a
 * client pays on account into the firm's M-Pesa client account (ADR 045).
 */
export const MPESA_PURPOSES = ['fee', 'deposit'] as const;
export type MpesaPurpose = (typeof MPESA_PURPOSES)[number];

/**
 * FN fee notes, CN credit notes, RC receipts, CR receipts into a client account (ADR 045): each
 * numbered gap-free per year.
 */
export const BILLING_NUMBER_KINDS = ['FN', 'CN', 'RC', 'CR'] as const;
export type BillingNumberKind = (typeof BILLING_NUMBER_KINDS)[number];

/** Kenya's standard VAT rate, charged on professional fees (not disbursements) when registered. */
export const VAT_RATE_PERCENT = 16;

export const FEE_NOTE_LIMITS = {
  linesMax: 100,
  descriptionMax: 500,
  quantityMax: 10_000,
  unitPriceMaxKsh: 100_000_000,
  /** A fee note's total stays well inside PostgreSQL's integer. */
  totalMaxKsh: 1_000_000_000,
  reasonMax: 500,
  referenceMax: 60,
} as const;

/** `FN/2026/0042`: the kind, the year and at least four digits. */
export function billingNumber(kind: BillingNumberKind, year: number, value: number): string {
  return `${kind}/${year}/${String(value).padStart(4, '0')}`;
}

export interface FeeNoteLineAmounts {
  kind: FeeNoteLineKind;
  quantity: number;
  unitPriceKsh: number;
}

export interface FeeNoteSums {
  feesKsh: number;
  disbursementsKsh: number;
  vatRatePercent: number;
  vatKsh: number;
  totalKsh: number;
}

/**
 * The totals of a fee note: the one computation (the server stores them, the form previews them,
 * the PDF prints them). VAT is on the fees only, rounded to the nearest shilling.
 */
export function feeNoteSums(
  lines: readonly FeeNoteLineAmounts[],
  vatRatePercent: number,
): FeeNoteSums {
  let feesKsh = 0;
  let disbursementsKsh = 0;
  for (const line of lines) {
    const amount = line.quantity * line.unitPriceKsh;
    if (line.kind === 'fee') feesKsh += amount;
    else disbursementsKsh += amount;
  }
  const vatKsh = Math.round((feesKsh * vatRatePercent) / 100);
  return {
    feesKsh,
    disbursementsKsh,
    vatRatePercent,
    vatKsh,
    totalKsh: feesKsh + disbursementsKsh + vatKsh,
  };
}

/** The status an issued fee note takes once `paidKsh` of its `totalKsh` is paid. */
export function statusAfterPayment(totalKsh: number, paidKsh: number): FeeNoteStatus {
  if (paidKsh <= 0) return 'issued';
  return paidKsh >= totalKsh ? 'paid' : 'partly_paid';
}

/** Whether a client still owes on it: issued or partly paid (a draft is not yet theirs to pay). */
export const isPayableStatus = (status: FeeNoteStatus): boolean =>
  status === 'issued' || status === 'partly_paid';

/** Overdue is derived, never stored: payable and its due day (Nairobi) is before `today`. */
export function isFeeNoteOverdue(
  note: { status: FeeNoteStatus; dueDate: string },
  today: string,
): boolean {
  return isPayableStatus(note.status) && note.dueDate < today;
}

/**
 * How many M-Pesa PIN prompts (STK pushes) one fee note or one booking may have (ADR 034, "How
 * many prompts"): a prompt rings a stranger's phone as easily as the payer's, so each payable has
 * a few a day, to a few numbers in all; a visitor's booking rings the phone it was booked with,
 * and one other number at most once.
 */
export const MPESA_PUSH_LIMITS = {
  perPayablePerDay: 5,
  phonesPerPayable: 3,
  otherPhonesPerBooking: 1,
} as const;

/**
 * What a payer types as the account number on M-Pesa Pay Bill, and what a push sends as its
 * AccountReference: the fee note's number or the booking's reference in capital letters and
 * digits only (FN/2026/0001 is FN20260001, APT-3F9A2C1D is APT3F9A2C1D). Daraja takes at most
 * 12 characters and documents them as letters and digits; the M-Pesa menu's account field is the
 * same on every phone, so what is typed and what is pushed match on the firm's statement.
 */
export function paybillAccountNumber(reference: string): string {
  return reference
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
}

/** An M-Pesa transaction code as Safaricom writes it: 10 capital letters and digits. */
export const MPESA_RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

/**
 * A fee note falls due on a working day (docs/product-rules.md#billing): not a Saturday, Sunday or
 * Kenyan public holiday (Jamhuri Day and Boxing Day 2026 are Saturdays). A due date on another day
 * is refused with the next working day named, never moved silently: the date is printed on a tax
 * document. `isHoliday` is the server's holiday rule (lib/kenyan-holidays); the form, which has
 * no holiday list, passes `() => false` and leaves holidays to the server's answer.
 */
export type DueDateProblem = 'weekend' | 'holiday';

export function dueDateProblem(
  date: string,
  isHoliday: (date: string) => boolean,
): DueDateProblem | null {
  const day = dayOfWeek(date);
  if (day === 0 || day === 6) return 'weekend';
  return isHoliday(date) ? 'holiday' : null;
}

/** `date` itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(date: string, isHoliday: (date: string) => boolean): string {
  let day = date;
  // A fortnight is more than any run of Kenyan weekends and holidays together.
  for (let step = 0; step < 14 && dueDateProblem(day, isHoliday); step++) day = addDays(day, 1);
  return day;
}
