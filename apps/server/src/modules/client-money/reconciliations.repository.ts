import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  clientMoneyMonthLocks,
  clientMoneyStatementLines,
  moneyAccounts,
  type ClientMoneyStatementLineRow,
} from '../../db/schema';

/**
 * The reads of a month's reconciliation and the writes of matching by hand and the month's lock
 * (ADR 046, docs/client-money-statements.md#the-reconciliation). Every figure is "up to the
 * month's last day" (`end`, YYYY-MM-DD); the rules (what counts, when a month may be locked) are
 * the services'.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The account's row, taken `FOR UPDATE` (the lock) or `FOR NO KEY UPDATE` (matching by hand). An
 * entry's trigger takes it `FOR KEY SHARE` (migration 0039), so a lock and an entry of the month
 * take turns; matching waits for a lock, not for entries.
 */
export async function takeAccount(
  tx: Executor,
  accountId: string,
  mode: 'update' | 'no key update',
) {
  const [row] = await tx
    .select()
    .from(moneyAccounts)
    .where(eq(moneyAccounts.id, accountId))
    .for(mode)
    .limit(1);
  return row;
}

export interface StatementAtMonthEnd {
  fileNames: string[];
  /** The latest statement's opening balance plus its lines up to `end`. */
  closingBalanceKsh: number;
}

/**
 * The statement's balance at `end`: from the latest statement of the account reaching into the
 * month (`start`..`end`), its opening balance and its lines dated up to `end`; undefined when no
 * statement reaches into the month.
 */
export async function statementAtMonthEnd(
  db: Executor,
  accountId: string,
  start: string,
  end: string,
): Promise<StatementAtMonthEnd | undefined> {
  const rows = rowsOf<{ file_name: string; balance_ksh: string | number }>(
    await db.execute(sql`
      select s.file_name,
             s.opening_balance_ksh + coalesce((
               select sum(l.amount_ksh) from client_money_statement_lines l
                where l.statement_id = s.id and l.line_date <= ${end}::date), 0) as balance_ksh
        from client_money_statements s
       where s.account_id = ${accountId}
         and s.first_date <= ${end}::date and s.last_date >= ${start}::date
       order by s.first_date desc`),
  );
  if (rows.length === 0) return undefined;
  return {
    fileNames: rows.map((row) => row.file_name).reverse(),
    closingBalanceKsh: Number(rows[0]!.balance_ksh),
  };
}

/** The account's statement lines dated up to `end` that no entry is matched to, oldest first. */
export async function unmatchedLinesUpTo(
  db: Executor,
  accountId: string,
  end: string,
): Promise<ClientMoneyStatementLineRow[]> {
  return db
    .select()
    .from(clientMoneyStatementLines)
    .where(
      and(
        sql`${clientMoneyStatementLines.statementId} in (select id from client_money_statements where account_id = ${accountId})`,
        sql`${clientMoneyStatementLines.lineDate} <= ${end}::date`,
        sql`${clientMoneyStatementLines.entryId} is null`,
      ),
    )
    .orderBy(clientMoneyStatementLines.lineDate, clientMoneyStatementLines.lineNumber);
}

/** How many of the account's lines dated in `start`..`end` are matched. */
export async function matchedLinesIn(
  db: Executor,
  accountId: string,
  start: string,
  end: string,
): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(
    await db.execute(sql`
      select count(*) as count from client_money_statement_lines l
        join client_money_statements s on s.id = l.statement_id
       where s.account_id = ${accountId} and l.entry_id is not null
         and l.line_date between ${start}::date and ${end}::date`),
  );
  return Number(row?.count ?? 0);
}

export interface UnclearedEntryRow {
  id: string;
  date: string;
  kind: 'receipt' | 'payment' | 'transfer_to_office' | 'refund' | 'reversal';
  clientName: string;
  amountKsh: number;
  reference: string;
  narrative: string;
}

/**
 * The account's entries dated up to `end` that no statement line dated up to `end` is matched to:
 * in the cash book, not yet on the statement. The receipts dated on the account's opening date
 * that no line is matched to are left out: they bring onto the ledgers the money the statement's
 * opening balance already holds (ADR 045, amended in ADR 046).
 */
export async function unclearedEntriesUpTo(
  db: Executor,
  accountId: string,
  openingDate: string,
  end: string,
): Promise<UnclearedEntryRow[]> {
  const rows = rowsOf<{
    id: string;
    date: string;
    kind: UnclearedEntryRow['kind'];
    client_name: string;
    amount_ksh: string | number;
    reference: string;
    narrative: string;
  }>(
    await db.execute(sql`
      select e.id, to_char(e.entry_date, 'YYYY-MM-DD') as date, e.kind,
             trim(u.first_name || ' ' || u.last_name) as client_name,
             sum(l.amount_ksh) as amount_ksh, e.reference, e.narrative
        from client_money_entries e
        join client_money_lines l
          on l.entry_id = e.id and l.posts_to = 'account' and l.account_id = ${accountId}
        join users u on u.id = e.client_id
       where e.entry_date <= ${end}::date
         and not (e.kind = 'receipt' and e.entry_date = ${openingDate}::date)
         and not exists (
           select 1 from client_money_statement_lines sl
            where sl.entry_id = e.id and sl.line_date <= ${end}::date)
       group by e.id, u.first_name, u.last_name
      having sum(l.amount_ksh) <> 0
       order by e.entry_date, e.created_at, e.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    kind: row.kind,
    clientName: row.client_name,
    amountKsh: Number(row.amount_ksh),
    reference: row.reference,
    narrative: row.narrative,
  }));
}

/** The account's balance in the journal at the end of `end`: its lines' sum. */
export async function cashBookAt(db: Executor, accountId: string, end: string): Promise<number> {
  const [row] = rowsOf<{ total: string | number | null }>(
    await db.execute(sql`
      select coalesce(sum(l.amount_ksh), 0) as total
        from client_money_lines l
        join client_money_entries e on e.id = l.entry_id
       where l.posts_to = 'account' and l.account_id = ${accountId}
         and e.entry_date <= ${end}::date`),
  );
  return Number(row?.total ?? 0);
}

/** What each client (on each case) held on the account at the end of `end`, by name. */
export async function ledgersAt(db: Executor, accountId: string, end: string) {
  const rows = rowsOf<{
    client_id: string;
    case_id: string | null;
    client_name: string;
    case_number: string | null;
    balance_ksh: string | number;
  }>(
    await db.execute(sql`
      select l.client_id, l.case_id, trim(u.first_name || ' ' || u.last_name) as client_name,
             c.case_number, -sum(l.amount_ksh) as balance_ksh
        from client_money_lines l
        join client_money_entries e on e.id = l.entry_id
        join users u on u.id = l.client_id
        left join cases c on c.id = l.case_id
       where l.posts_to = 'client_ledger' and e.account_id = ${accountId}
         and e.entry_date <= ${end}::date
       group by l.client_id, l.case_id, u.first_name, u.last_name, c.case_number
       order by client_name, c.case_number nulls first`),
  );
  return rows.map((row) => ({
    clientId: row.client_id,
    caseId: row.case_id,
    clientName: row.client_name,
    caseNumber: row.case_number,
    balanceKsh: Number(row.balance_ksh),
  }));
}

export interface MonthLock {
  lockedAt: Date;
  lockedBy: string | null;
}

export async function monthLockOf(
  db: Executor,
  accountId: string,
  month: string,
): Promise<MonthLock | undefined> {
  const [row] = rowsOf<{ locked_at: string | Date; locked_by: string | null }>(
    await db.execute(sql`
      select k.locked_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as locked_by
        from client_money_month_locks k left join users u on u.id = k.locked_by_id
       where k.account_id = ${accountId} and k.month = ${month}`),
  );
  return row ? { lockedAt: new Date(row.locked_at), lockedBy: row.locked_by } : undefined;
}

/** The first month from `first` to `last` (YYYY-MM) locked for the account, if any. */
export async function lockedMonthBetween(
  db: Executor,
  accountId: string,
  first: string,
  last: string,
): Promise<string | undefined> {
  const [row] = rowsOf<{ month: string }>(
    await db.execute(sql`
      select month from client_money_month_locks
       where account_id = ${accountId} and month between ${first} and ${last}
       order by month limit 1`),
  );
  return row?.month;
}

export async function insertMonthLock(
  tx: Executor,
  accountId: string,
  month: string,
  lockedById: string,
) {
  await tx.insert(clientMoneyMonthLocks).values({ accountId, month, lockedById });
}

export interface LineOfAccount {
  line: ClientMoneyStatementLineRow;
  accountId: string;
}

/** A statement line and its statement's account, the line's row locked until `tx` ends. */
export async function lockLine(tx: Executor, lineId: string): Promise<LineOfAccount | undefined> {
  const [line] = await tx
    .select()
    .from(clientMoneyStatementLines)
    .where(eq(clientMoneyStatementLines.id, lineId))
    .for('update')
    .limit(1);
  if (!line) return undefined;
  const [row] = rowsOf<{ account_id: string }>(
    await tx.execute(
      sql`select account_id from client_money_statements where id = ${line.statementId}`,
    ),
  );
  return { line, accountId: row!.account_id };
}

/** What entry `entryId` moved on the account (in positive), or undefined when it is not on it. */
export async function entryOnAccount(tx: Executor, entryId: string, accountId: string) {
  const [row] = rowsOf<{ amount_ksh: string | number; reference: string; date: string }>(
    await tx.execute(sql`
      select sum(l.amount_ksh) as amount_ksh, e.reference,
             to_char(e.entry_date, 'YYYY-MM-DD') as date
        from client_money_entries e
        join client_money_lines l
          on l.entry_id = e.id and l.posts_to = 'account' and l.account_id = ${accountId}
       where e.id = ${entryId}
       group by e.id`),
  );
  return row
    ? { amountKsh: Number(row.amount_ksh), reference: row.reference, date: row.date }
    : undefined;
}

export async function entryExists(tx: Executor, entryId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from client_money_entries where id = ${entryId}`),
  );
  return rows.length > 0;
}

/** The line an entry is already matched to, if any. */
export async function lineOfEntry(tx: Executor, entryId: string) {
  const [row] = await tx
    .select()
    .from(clientMoneyStatementLines)
    .where(eq(clientMoneyStatementLines.entryId, entryId))
    .limit(1);
  return row;
}

export async function setLineMatch(
  tx: Executor,
  lineId: string,
  match: { entryId: string; reason: string; byId: string; at: Date } | null,
): Promise<ClientMoneyStatementLineRow> {
  const [row] = await tx
    .update(clientMoneyStatementLines)
    .set(
      match
        ? {
            entryId: match.entryId,
            matchedBy: 'hand',
            matchReason: match.reason,
            matchedById: match.byId,
            matchedAt: match.at,
          }
        : { entryId: null, matchedBy: null, matchReason: null, matchedById: null, matchedAt: null },
    )
    .where(eq(clientMoneyStatementLines.id, lineId))
    .returning();
  return row!;
}
