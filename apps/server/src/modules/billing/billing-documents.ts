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

/**
 * KRA's receipt as the PDF prints it (ADR 049): sent, with KRA's figures and the address its QR
 * code opens (null when eTIMS is no longer set up to know the PIN), or still awaiting KRA, which
 * marks the PDF provisional. A document that was never KRA's has none (`etims: null`).
 */
export type EtimsPrint =
  | {
      state: 'sent';
      curRcptNo: number;
      totRcptNo: number;
      rcptSign: string;
      /** KRA's `yyyyMMddHHmmss`, Nairobi time. */
      sdcDateTime: string;
      intrlData: string | null;
      verificationUrl: string | null;
    }
  | { state: 'awaiting' };

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
  /** Its sale's receipt from KRA eTIMS; null: never sent to KRA. */
  etims: EtimsPrint | null;
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
  /** Its refund's receipt from KRA eTIMS; null: never sent to KRA. */
  etims: EtimsPrint | null;
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

/**
 * A receipt into a client account (ADR 045): money the firm holds for the client, not a payment
 * of fees, so it is marked "client account" and says what is held for them after it.
 */
export interface ClientMoneyReceiptDocument {
  letterhead: Letterhead;
  /** CR/<year>/<n>. */
  number: string;
  /** The entry's date, a Nairobi calendar day 'YYYY-MM-DD'. */
  date: string;
  client: BillingParty;
  /** "Land purchase, Kiambu plot 1234 (HCCC/2026/0417)"; null: the client's money on no case. */
  caseLabel: string | null;
  amountKsh: number;
  amountWords: string;
  /** The client account, as "KCB client account (KCB Bank, 1234567890)". */
  accountLabel: string;
  /** Cheque number, bank or M-Pesa code. */
  reference: string;
  narrative: string;
  /** What the firm held for the client, on all their cases, once this receipt was recorded. */
  heldAfterKsh: number;
  /** The receipt was corrected by a reversal: the PDF says so. */
  reversed: boolean;
}

export interface ClientLedgerDocument {
  letterhead: Letterhead;
  client: BillingParty;
  /** The Nairobi day the statement is drawn as of, 'YYYY-MM-DD'. */
  asOf: string;
  heldKsh: number;
  /** What each case holds (label null: money on no case). */
  cases: Array<{ label: string | null; balanceKsh: number }>;
  /** "Pay Bill 174379, account MW0034" (payByPaybill) when the firm has a paybill; else null. */
  howToPay: string | null;
  /** Every movement, oldest first. */
  entries: Array<{
    date: string;
    what: string;
    reference: string;
    caseNumber: string | null;
    inKsh: number;
    outKsh: number;
    runningBalanceKsh: number;
  }>;
}

/**
 * A client account's month reconciled three ways (ADR 046): the statement adjusted for what it
 * does not show yet, the cash book and the client ledgers, with the items that make them differ.
 */
export interface ClientMoneyReconciliationDocument {
  letterhead: Letterhead;
  /** "KCB Client Account (Kenya Commercial Bank, 1104567890)". */
  accountLabel: string;
  /** 'YYYY-MM' and its last day. */
  month: string;
  monthEnd: string;
  statementFiles: string[];
  statementClosingKsh: number;
  depositsInTransitKsh: number;
  unpresentedPaymentsKsh: number;
  adjustedKsh: number;
  cashBookKsh: number;
  ledgersKsh: number;
  reconciled: boolean;
  /** Each difference in a sentence; empty once reconciled. */
  differences: string[];
  /** "Locked by Achieng Mwamba on 3 December 2026, 10:15"; null while open. */
  locked: string | null;
  uncleared: Array<{ date: string; what: string; reference: string; amountKsh: number }>;
  unmatched: Array<{ date: string; what: string; reference: string; amountKsh: number }>;
  ledgers: Array<{ client: string; caseNumber: string | null; balanceKsh: number }>;
}

/**
 * Client money's practice-year pack for the accountant (ADR 045): the journal, each client's
 * ledger, the client balances and the monthly reconciliations of each client account. Each
 * entry is held once (`entries`); a ledger names its entries by their place in it.
 */
export interface ClientMoneyPackDocument {
  letterhead: Letterhead;
  year: number;
  /** The year's first day, and the last it shows (31 December, or today in a year running). */
  first: string;
  last: string;
  /** The Nairobi day it was drawn. */
  drawnOn: string;
  entries: Array<{
    date: string;
    what: string;
    client: string;
    caseNumber: string | null;
    account: string;
    reference: string;
    inKsh: number;
    outKsh: number;
  }>;
  ledgers: Array<{ client: string; openingKsh: number; entryIndexes: number[] }>;
  balancesAsOf: string;
  balances: Array<{ client: string; caseLabel: string | null; balanceKsh: number }>;
  reconciliations: Array<{
    account: string;
    month: string;
    /** The statement's balance, adjusted; null: no statement imported for the month. */
    statementKsh: number | null;
    adjustedKsh: number | null;
    cashBookKsh: number;
    ledgersKsh: number;
    reconciled: boolean;
    differences: string;
    lock: string;
  }>;
}
