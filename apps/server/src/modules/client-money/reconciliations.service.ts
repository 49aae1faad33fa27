import {
  CLIENT_MONEY_MESSAGES as M,
  formatDayInFull,
  formatKsh,
  formatMonthTitle,
  formatNairobiDateTime,
  nairobiToday,
  type Reconciliation,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { MoneyAccountRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { findAccount } from './journal.repository';
import {
  cashBookAt,
  insertMonthLock,
  ledgersAt,
  matchedLinesIn,
  monthLockOf,
  statementAtMonthEnd,
  takeAccount,
  unclearedEntriesUpTo,
  unmatchedLinesUpTo,
} from './reconciliations.repository';
import { lineView } from './statements.service';
import { monthEnd, reconcile } from './statements/reconciliation';

/**
 * A client account's month, reconciled three ways (docs/client-money-statements.md#the-reconciliation,
 * ADR 046): the statement's balance at the month's end adjusted for the uncleared entries, the cash
 * book, and the client ledgers, read from the database and put side by side by `reconcile()`. The
 * lock keeps a month that agrees as it is: no entry may be dated in it afterwards (the trigger of
 * migration 0039).
 */

/** A client account of the firm, or 404 / 400 as the statement import answers. */
export async function clientAccountOf(db: Executor, accountId: string): Promise<MoneyAccountRow> {
  const account = await findAccount(db, accountId);
  if (!account) throw AppError.notFound(M.accountNotFound);
  if (account.kind !== 'client') {
    throw AppError.badRequest(M.statementNotAClientAccount, {
      accountId: M.statementNotAClientAccount,
    });
  }
  return account;
}

/** The month's figures as the endpoint answers them; `db` may be the lock's transaction. */
async function figuresOf(
  db: Executor,
  account: MoneyAccountRow,
  month: string,
): Promise<Reconciliation> {
  return (await monthOf(db, account, month)).figures;
}

/** The figures and the client ledgers they add up (the PDF lists them). */
export async function monthOf(db: Executor, account: MoneyAccountRow, month: string) {
  const start = `${month}-01`;
  const end = monthEnd(month);
  const [statement, unmatched, uncleared, matched, cashBook, ledgers, lock] = await Promise.all([
    statementAtMonthEnd(db, account.id, start, end),
    unmatchedLinesUpTo(db, account.id, end),
    unclearedEntriesUpTo(db, account.id, account.openingDate, end),
    matchedLinesIn(db, account.id, start, end),
    cashBookAt(db, account.id, end),
    ledgersAt(db, account.id, end),
    monthLockOf(db, account.id, month),
  ]);
  const result = reconcile({
    month,
    statementClosingBalanceKsh: statement?.closingBalanceKsh ?? 0,
    unclearedEntries: uncleared,
    unmatchedLines: unmatched.map((line) => ({
      id: line.id,
      date: line.lineDate,
      amountKsh: line.amountKsh,
    })),
    cashBookBalanceKsh: cashBook,
    clientLedgerBalances: ledgers,
  });
  const figures: Reconciliation = {
    accountId: account.id,
    accountName: account.name,
    month,
    monthEnd: end,
    statement: statement
      ? {
          fileNames: statement.fileNames,
          closingBalanceKsh: statement.closingBalanceKsh,
          depositsInTransitKsh: result.statement.depositsInTransitKsh,
          unpresentedPaymentsKsh: result.statement.unpresentedPaymentsKsh,
          adjustedBalanceKsh: result.statement.adjustedBalanceKsh,
        }
      : null,
    cashBookBalanceKsh: result.cashBookBalanceKsh,
    clientLedgersTotalKsh: result.clientLedgersTotalKsh,
    reconciled: statement !== undefined && result.reconciled,
    differences: statement
      ? result.differences.flatMap((difference) => difference.sentences)
      : [M.noStatementForMonth(formatMonthTitle(month))],
    lines: { matched, unmatched: unmatched.length },
    unmatchedLines: unmatched.map(lineView),
    unclearedEntries: uncleared,
    lock: lock ? { lockedAt: lock.lockedAt.toISOString(), lockedBy: lock.lockedBy } : null,
  };
  return { figures, ledgers };
}

/** GET /api/client-money/reconciliations?accountId=&month= */
export async function readReconciliation(
  deps: ClientMoneyDeps,
  user: UserRow,
  accountId: string,
  month: string,
): Promise<Reconciliation> {
  assertCan(user, 'client-money:reconcile');
  return figuresOf(deps.db, await clientAccountOf(deps.db, accountId), month);
}

/** How far apart the three figures are: the largest less the smallest. */
const spreadOf = (figures: Reconciliation) => {
  const three = [
    figures.statement?.adjustedBalanceKsh ?? 0,
    figures.cashBookBalanceKsh,
    figures.clientLedgersTotalKsh,
  ];
  return Math.max(...three) - Math.min(...three);
};

/**
 * POST /api/client-money/reconciliations/{accountId}/{month}/lock: the account's row is taken
 * `FOR UPDATE` first (ADR 045), so an entry being recorded in the month (its trigger holds the row
 * `FOR KEY SHARE`) either commits before the figures are read, and is in them, or waits and is
 * refused by the lock.
 */
export async function lockMonth(
  deps: ClientMoneyDeps,
  user: UserRow,
  accountId: string,
  month: string,
  meta: RequestMeta,
): Promise<Reconciliation> {
  assertCan(user, 'client-money:reconcile');
  const account = await clientAccountOf(deps.db, accountId);
  const title = formatMonthTitle(month);
  const end = monthEnd(month);
  if (end < account.openingDate) {
    throw AppError.conflict(M.beforeOpening(formatDayInFull(account.openingDate)), 'CONFLICT');
  }
  // A month still running may yet have entries: it is locked from the next month's first day.
  if (end >= nairobiToday(nowOf(deps))) {
    throw AppError.conflict(M.monthNotOver(title), 'CONFLICT');
  }
  return deps.db.transaction(async (tx) => {
    await takeAccount(tx, account.id, 'update');
    const held = await monthLockOf(tx, account.id, month);
    if (held) {
      throw AppError.conflict(
        M.alreadyLocked(
          title,
          held.lockedBy ?? 'a former member of staff',
          formatNairobiDateTime(held.lockedAt.toISOString()),
        ),
        'CONFLICT',
      );
    }
    const figures = await figuresOf(tx, account, month);
    if (!figures.statement) throw AppError.conflict(M.noStatementForMonth(title), 'CONFLICT');
    if (!figures.reconciled) {
      const spread = spreadOf(figures);
      throw AppError.conflict(
        spread === 0
          ? M.linesLeftUnmatched(title, figures.lines.unmatched)
          : M.notReconciled(title, formatKsh(spread)),
        'CONFLICT',
      );
    }
    await insertMonthLock(tx, account.id, month, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'client_money.month_locked',
      ip: meta.ip,
      details: {
        accountId: account.id,
        accountName: account.name,
        month,
        balanceKsh: figures.cashBookBalanceKsh,
        statementClosingBalanceKsh: figures.statement.closingBalanceKsh,
      },
    });
    return figuresOf(tx, account, month);
  });
}
