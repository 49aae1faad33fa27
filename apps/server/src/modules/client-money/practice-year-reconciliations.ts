import { sql } from 'drizzle-orm';
import { practiceYearMonths } from '@firm/shared';
import type { Executor } from '../../db/client';
import { monthEnd, reconcile } from './statements/reconciliation';

/**
 * The twelve monthly reconciliations of each client account, as the practice-year pack prints
 * them (ADR 045). The pack asks this one function; it reads the month locks
 * (`client_money_month_locks`: who locked, when) and puts the month's figures through the pure
 * `reconcile()` (statements/reconciliation.ts), reading the figures as ADR 046 defines them.
 * Once the reconciliation endpoints' service is on main, this body becomes a loop over its
 * month's figures, and the queries below go.
 */

export interface PackReconciliation {
  accountId: string;
  accountName: string;
  /** YYYY-MM. */
  month: string;
  monthEnd: string;
  /** null: no statement reaching into the month has been imported. */
  statement: {
    closingBalanceKsh: number;
    depositsInTransitKsh: number;
    unpresentedPaymentsKsh: number;
    adjustedBalanceKsh: number;
  } | null;
  cashBookBalanceKsh: number;
  clientLedgersTotalKsh: number;
  /** The three agree to the shilling and every statement line to the month's end is matched. */
  reconciled: boolean;
  /** Each difference in a sentence (none once reconciled, or without a statement). */
  differences: string[];
  lock: { lockedAt: string; lockedBy: string | null } | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Each client account open by the year's end, each month of `year` from its opening month up to
 * the month `today` is in, in order of account name then month.
 */
export async function reconciliationsOfYear(
  db: Executor,
  year: number,
  today: string,
): Promise<PackReconciliation[]> {
  const accounts = rowsOf<{ id: string; name: string; opening_date: string }>(
    await db.execute(sql`
      select id, name, to_char(opening_date, 'YYYY-MM-DD') as opening_date from money_accounts
       where kind = 'client' and opening_date <= ${`${year}-12-31`}::date
       order by name, id`),
  );
  const result: PackReconciliation[] = [];
  for (const account of accounts) {
    for (const month of practiceYearMonths(year)) {
      const end = monthEnd(month);
      if (end < account.opening_date || `${month}-01` > today) continue;
      result.push(await monthOfAccount(db, account, month, end));
    }
  }
  return result;
}

async function monthOfAccount(
  db: Executor,
  account: { id: string; name: string; opening_date: string },
  month: string,
  end: string,
): Promise<PackReconciliation> {
  const start = `${month}-01`;
  // The latest statement reaching into the month: its opening balance and its lines to `end`.
  const [statement] = rowsOf<{ balance_ksh: string | number }>(
    await db.execute(sql`
      select s.opening_balance_ksh + coalesce((
               select sum(l.amount_ksh) from client_money_statement_lines l
                where l.statement_id = s.id and l.line_date <= ${end}::date), 0) as balance_ksh
        from client_money_statements s
       where s.account_id = ${account.id} and s.first_date <= ${end}::date
         and s.last_date >= ${start}::date
       order by s.first_date desc limit 1`),
  );
  const unmatched = rowsOf<{ id: string; date: string; amount_ksh: string | number }>(
    await db.execute(sql`
      select l.id, to_char(l.line_date, 'YYYY-MM-DD') as date, l.amount_ksh
        from client_money_statement_lines l
        join client_money_statements s on s.id = l.statement_id
       where s.account_id = ${account.id} and l.line_date <= ${end}::date
         and l.entry_id is null`),
  );
  // In the cash book by `end` and on no statement line by then; the opening date's receipts
  // bring onto the ledgers what the statement's opening balance already holds (ADR 045).
  const uncleared = rowsOf<{ id: string; date: string; amount_ksh: string | number }>(
    await db.execute(sql`
      select e.id, to_char(e.entry_date, 'YYYY-MM-DD') as date, sum(l.amount_ksh) as amount_ksh
        from client_money_entries e
        join client_money_lines l
          on l.entry_id = e.id and l.posts_to = 'account' and l.account_id = ${account.id}
       where e.entry_date <= ${end}::date
         and not (e.kind = 'receipt' and e.entry_date = ${account.opening_date}::date)
         and not exists (select 1 from client_money_statement_lines sl
                          where sl.entry_id = e.id and sl.line_date <= ${end}::date)
       group by e.id
      having sum(l.amount_ksh) <> 0`),
  );
  const [totals] = rowsOf<{ cash_book: string | number | null; ledgers: string | number | null }>(
    await db.execute(sql`
      select (select sum(l.amount_ksh) from client_money_lines l
                join client_money_entries e on e.id = l.entry_id
               where l.posts_to = 'account' and l.account_id = ${account.id}
                 and e.entry_date <= ${end}::date) as cash_book,
             (select -sum(l.amount_ksh) from client_money_lines l
                join client_money_entries e on e.id = l.entry_id
               where l.posts_to = 'client_ledger' and e.account_id = ${account.id}
                 and e.entry_date <= ${end}::date) as ledgers`),
  );
  const [lock] = rowsOf<{ locked_at: string; locked_by: string | null }>(
    await db.execute(sql`
      select to_char(k.locked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as locked_at,
             nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
               as locked_by
        from client_money_month_locks k left join users u on u.id = k.locked_by_id
       where k.account_id = ${account.id} and k.month = ${month}`),
  );
  const figures = reconcile({
    month,
    statementClosingBalanceKsh: num(statement?.balance_ksh),
    unclearedEntries: uncleared.map((row) => ({ ...row, amountKsh: num(row.amount_ksh) })),
    unmatchedLines: unmatched.map((row) => ({ ...row, amountKsh: num(row.amount_ksh) })),
    cashBookBalanceKsh: num(totals?.cash_book),
    clientLedgerBalances: [{ clientId: 'all', balanceKsh: num(totals?.ledgers) }],
  });
  return {
    accountId: account.id,
    accountName: account.name,
    month,
    monthEnd: end,
    statement: statement ? figures.statement : null,
    cashBookBalanceKsh: figures.cashBookBalanceKsh,
    clientLedgersTotalKsh: figures.clientLedgersTotalKsh,
    reconciled: statement !== undefined && figures.reconciled,
    differences: statement ? figures.differences.flatMap((d) => d.sentences) : [],
    lock: lock ? { lockedAt: lock.locked_at, lockedBy: lock.locked_by } : null,
  };
}
