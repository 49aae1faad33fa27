import {
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  formatNairobiDateTime,
  type Reconciliation,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { assertCan } from '../../lib/permissions';
import { clientMoneyReconciliationPdf } from '../billing/client-money-pdfs';
import type { ClientMoneyDeps } from './client-money-deps';
import { clientAccountOf, monthOf } from './reconciliations.service';

/**
 * GET /api/client-money/reconciliations/{accountId}/{month}/pdf (ADR 046): the reconciliation
 * screen's figures on paper, for the file the Advocates (Accounts) Rules ask the firm to keep.
 * Built here, drawn and kept by billing's PDF pool and cache (billing/client-money-pdfs.ts).
 */

const lockedLine = (lock: Reconciliation['lock']) =>
  lock
    ? `Reconciled and locked${lock.lockedBy ? ` by ${lock.lockedBy}` : ''} on ${formatNairobiDateTime(lock.lockedAt)}.`
    : null;

export async function reconciliationPdf(
  deps: ClientMoneyDeps,
  user: UserRow,
  accountId: string,
  month: string,
) {
  assertCan(user, 'client-money:reconcile');
  const account = await clientAccountOf(deps.db, accountId);
  const { figures, ledgers } = await monthOf(deps.db, account, month);
  return clientMoneyReconciliationPdf({ ...deps, db: deps.db }, account.id, {
    accountLabel: `${account.name} (${account.institution}, ${account.number})`,
    month,
    monthEnd: figures.monthEnd,
    statementFiles: figures.statement?.fileNames ?? [],
    statementClosingKsh: figures.statement?.closingBalanceKsh ?? 0,
    depositsInTransitKsh: figures.statement?.depositsInTransitKsh ?? 0,
    unpresentedPaymentsKsh: figures.statement?.unpresentedPaymentsKsh ?? 0,
    adjustedKsh: figures.statement?.adjustedBalanceKsh ?? 0,
    cashBookKsh: figures.cashBookBalanceKsh,
    ledgersKsh: figures.clientLedgersTotalKsh,
    reconciled: figures.reconciled,
    differences: figures.differences,
    locked: lockedLine(figures.lock),
    uncleared: figures.unclearedEntries.map((entry) => ({
      date: entry.date,
      what: `${CLIENT_MONEY_ENTRY_KIND_LABELS[entry.kind]}: ${entry.clientName}, ${entry.narrative}`,
      reference: entry.reference,
      amountKsh: entry.amountKsh,
    })),
    unmatched: figures.unmatchedLines.map((line) => ({
      date: line.date,
      what: line.description,
      reference: line.reference,
      amountKsh: line.amountKsh,
    })),
    ledgers: ledgers
      .filter((ledger) => ledger.balanceKsh !== 0)
      .map((ledger) => ({
        client: ledger.clientName,
        caseNumber: ledger.caseNumber,
        balanceKsh: ledger.balanceKsh,
      })),
  });
}
