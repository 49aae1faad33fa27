/**
 * What the fee-note, credit-note and receipt PDFs are drawn from: plain values, already checked
 * and already filtered to what the client may see (docs/product-rules.md). The renderer
 * (billing-pdf.ts and the three *-pdf.ts documents beside it) formats nothing but what it is
 * given, so the PDF and the screen say the same.
 * Money is whole shillings (integers); dates are instants, drawn in Nairobi time.
 */

export interface Letterhead {
  firmName: string;
  /** The main office's address lines, e.g. ['4th Floor, Mara Court, Mara Road, Upper Hill', 'Nairobi']. */
  addressLines: string[];
  phone: string;
  email: string;
  /** The firm's KRA PIN (System Settings); null: not set yet, the line is left out. */
  kraPin: string | null;
  /** The firm's VAT registration is its KRA PIN; true: "VAT registered" is printed. */
  isVatRegistered: boolean;
}

export interface BillingParty {
  name: string;
  email: string;
  phone: string | null;
  /** The client's KRA PIN, when they gave one (eTIMS needs the buyer's PIN). */
  kraPin: string | null;
}

export type FeeNoteLineKind = 'fee' | 'disbursement';

export interface FeeNoteDocumentLine {
  kind: FeeNoteLineKind;
  description: string;
  quantity: number;
  unitPriceKsh: number;
  amountKsh: number;
}

export interface FeeNoteTotals {
  feesKsh: number;
  disbursementsKsh: number;
  /** 16 (percent) when the firm is VAT-registered, else 0. */
  vatRatePercent: number;
  vatKsh: number;
  totalKsh: number;
  paidKsh: number;
  balanceKsh: number;
}

/** How a client pays: both may be absent on a default install; the phone is always there. */
export interface PaymentChannels {
  mpesa: { kind: 'paybill' | 'till'; number: string; accountReference: string } | null;
  bank: { bankName: string; branch: string; accountName: string; accountNumber: string } | null;
  phone: string;
}

export interface FeeNoteDocument {
  letterhead: Letterhead;
  number: string;
  issuedAt: Date;
  /** A Nairobi calendar day 'YYYY-MM-DD'. */
  dueDate: string;
  client: BillingParty;
  /** The case it bills, as the client knows it (title and reference); null: not tied to a case. */
  caseLabel: string | null;
  lines: FeeNoteDocumentLine[];
  totals: FeeNoteTotals;
  /** 'issued' | 'partly_paid' | 'paid' | 'cancelled'; drafts are never drawn. */
  status: 'issued' | 'partly_paid' | 'paid' | 'cancelled';
  isOverdue: boolean;
  howToPay: PaymentChannels;
  /** Set when cancelled: the credit note that cancels it. */
  cancellation: { creditNoteNumber: string; reason: string; at: Date } | null;
}

export interface CreditNoteDocument {
  letterhead: Letterhead;
  number: string;
  issuedAt: Date;
  client: BillingParty;
  feeNoteNumber: string;
  reason: string;
  /** The fee note's total, credited in full. */
  amountKsh: number;
  vatKsh: number;
}

export type PaymentMethod = 'cash' | 'bank' | 'cheque' | 'mpesa';

export interface ReceiptDocument {
  letterhead: Letterhead;
  number: string;
  receivedAt: Date;
  client: BillingParty;
  amountKsh: number;
  method: PaymentMethod;
  /** The M-Pesa receipt number, the cheque number or the bank reference. */
  reference: string | null;
  /** What it paid: a fee note (with the balance left after it) or an appointment's fee. */
  appliedTo:
    | { kind: 'fee_note'; number: string; balanceAfterKsh: number }
    | { kind: 'appointment'; title: string; startsAt: Date };
}
