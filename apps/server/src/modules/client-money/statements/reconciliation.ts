import { CLIENT_MONEY_STATEMENT_TEXTS as TEXTS } from '@firm/shared';

/**
 * The three-way reconciliation of one client account for one month (in words:
 * docs/client-money-statements.md#reconciliation). Pure arithmetic on figures the caller reads
 * from the database and the matching (statement-matching.ts) leaves:
 *
 * 1. the statement's closing balance, adjusted for what the cash book has and the statement has
 *    not yet: plus deposits not yet credited, minus payments not yet presented;
 * 2. the cash book: the account's balance in the journal at the month's end;
 * 3. the client ledgers: what the firm holds for each client on this account, added up.
 *
 * The month is reconciled when the three agree to the shilling and every statement line is in the
 * cash book. A line the cash book lacks (a bank charge, a deposit nobody recorded) is named even
 * when lines cancel out, since a reconciliation that agrees by luck proves nothing.
 */

export interface ReconcilingItem {
  id: string;
  /** The Nairobi day, YYYY-MM-DD, within the month or before it. */
  date: string;
  /** Whole shillings, positive for money in, negative for money out. */
  amountKsh: number;
}

export interface ReconciliationInput {
  /** YYYY-MM. */
  month: string;
  statementClosingBalanceKsh: number;
  /** In the cash book by the month's end, not on the statement (the matching's uncleared entries). */
  unclearedEntries: readonly ReconcilingItem[];
  /** On the statement, not in the cash book (the matching's unmatched lines). */
  unmatchedLines: readonly ReconcilingItem[];
  cashBookBalanceKsh: number;
  /** Each client's (or each client's case's) balance on this account at the month's end. */
  clientLedgerBalances: readonly { clientId: string; caseId?: string | null; balanceKsh: number }[];
}

export type ReconciliationDifference =
  | {
      kind: 'statement_vs_cash_book';
      /** The adjusted statement balance less the cash book. */
      amountKsh: number;
      unmatchedLineIds: string[];
      unmatchedLinesKsh: number;
      /** What no unmatched line explains: an entry with a wrong amount or date. */
      unexplainedKsh: number;
      sentences: string[];
    }
  | {
      kind: 'cash_book_vs_client_ledgers';
      /** The cash book less the client ledgers' total. */
      amountKsh: number;
      sentences: string[];
    };

export interface Reconciliation {
  month: string;
  statement: {
    closingBalanceKsh: number;
    depositsInTransitKsh: number;
    unpresentedPaymentsKsh: number;
    adjustedBalanceKsh: number;
  };
  cashBookBalanceKsh: number;
  clientLedgersTotalKsh: number;
  reconciled: boolean;
  differences: ReconciliationDifference[];
}

/** The month's last day, YYYY-MM-DD. */
export function monthEnd(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const monthNumber = Number(match?.[2]);
  if (!match || monthNumber < 1 || monthNumber > 12) throw new RangeError(`Not a month: ${month}`);
  const lastDay = new Date(Date.UTC(Number(match[1]), monthNumber, 0)).getUTCDate();
  return `${month}-${String(lastDay).padStart(2, '0')}`;
}

function wholeShillings(what: string, amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${what} must be whole shillings`);
  return amount;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

export function reconcile(input: ReconciliationInput): Reconciliation {
  const lastDay = monthEnd(input.month);
  for (const item of [...input.unclearedEntries, ...input.unmatchedLines]) {
    wholeShillings(`Item ${item.id}`, item.amountKsh);
    // An item after the month's end belongs to the next month's reconciliation.
    if (!(item.date <= lastDay)) throw new RangeError(`Item ${item.id} is dated after ${lastDay}`);
  }
  const closing = wholeShillings('The closing balance', input.statementClosingBalanceKsh);
  const cashBook = wholeShillings('The cash book balance', input.cashBookBalanceKsh);
  const ledgers = sum(
    input.clientLedgerBalances.map((ledger) =>
      wholeShillings(`Client ${ledger.clientId}'s balance`, ledger.balanceKsh),
    ),
  );
  const amounts = input.unclearedEntries.map((entry) => entry.amountKsh);
  const depositsInTransit = sum(amounts.filter((amount) => amount > 0));
  const unpresentedPayments = -sum(amounts.filter((amount) => amount < 0));
  const adjusted = closing + depositsInTransit - unpresentedPayments;

  const differences: ReconciliationDifference[] = [];
  const bankGap = adjusted - cashBook;
  if (bankGap !== 0 || input.unmatchedLines.length > 0) {
    const unmatchedLinesKsh = sum(input.unmatchedLines.map((line) => line.amountKsh));
    const unexplainedKsh = bankGap - unmatchedLinesKsh;
    const sentences: string[] = [];
    if (bankGap > 0) sentences.push(TEXTS.statementAboveCashBook(bankGap));
    if (bankGap < 0) sentences.push(TEXTS.statementBelowCashBook(-bankGap));
    if (input.unmatchedLines.length > 0) {
      sentences.push(TEXTS.explainedByLines(input.unmatchedLines.length, unmatchedLinesKsh));
    }
    if (unexplainedKsh !== 0) sentences.push(TEXTS.unexplained(Math.abs(unexplainedKsh)));
    differences.push({
      kind: 'statement_vs_cash_book',
      amountKsh: bankGap,
      unmatchedLineIds: input.unmatchedLines.map((line) => line.id),
      unmatchedLinesKsh,
      unexplainedKsh,
      sentences,
    });
  }
  const ledgerGap = cashBook - ledgers;
  if (ledgerGap !== 0) {
    differences.push({
      kind: 'cash_book_vs_client_ledgers',
      amountKsh: ledgerGap,
      sentences: [
        ledgerGap > 0
          ? TEXTS.cashBookAboveLedgers(ledgerGap)
          : TEXTS.cashBookBelowLedgers(-ledgerGap),
      ],
    });
  }
  return {
    month: input.month,
    statement: {
      closingBalanceKsh: closing,
      depositsInTransitKsh: depositsInTransit,
      unpresentedPaymentsKsh: unpresentedPayments,
      adjustedBalanceKsh: adjusted,
    },
    cashBookBalanceKsh: cashBook,
    clientLedgersTotalKsh: ledgers,
    reconciled: differences.length === 0,
    differences,
  };
}
