import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  clientMoneyStatementLines,
  clientMoneyStatements,
  type ClientMoneyStatementLineRow,
  type ClientMoneyStatementRow,
} from '../../db/schema';

/** Statements and their lines (ADR 046); the rules are migration 0040's. */

export type NewStatementLine = typeof clientMoneyStatementLines.$inferInsert;

/** The first statement of `accountId` sharing a day with `first`..`last`, if any. */
export async function overlappingStatement(
  db: Executor,
  accountId: string,
  first: string,
  last: string,
): Promise<ClientMoneyStatementRow | undefined> {
  const [row] = await db
    .select()
    .from(clientMoneyStatements)
    .where(
      and(
        eq(clientMoneyStatements.accountId, accountId),
        lte(clientMoneyStatements.firstDate, last),
        gte(clientMoneyStatements.lastDate, first),
      ),
    )
    .orderBy(asc(clientMoneyStatements.firstDate))
    .limit(1);
  return row;
}

export async function insertStatement(
  tx: Executor,
  values: typeof clientMoneyStatements.$inferInsert,
): Promise<ClientMoneyStatementRow> {
  const [row] = await tx.insert(clientMoneyStatements).values(values).returning();
  return row!;
}

/** In batches: a parameter list has a limit, and a busy paybill's month has thousands of lines. */
export async function insertStatementLines(tx: Executor, lines: NewStatementLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += 1000) {
    await tx.insert(clientMoneyStatementLines).values(lines.slice(start, start + 1000));
  }
}

export async function linesOfStatement(
  db: Executor,
  statementId: string,
): Promise<ClientMoneyStatementLineRow[]> {
  return db
    .select()
    .from(clientMoneyStatementLines)
    .where(eq(clientMoneyStatementLines.statementId, statementId))
    .orderBy(asc(clientMoneyStatementLines.lineDate), asc(clientMoneyStatementLines.lineNumber));
}

interface EntryRow {
  id: string;
  date: string;
  amount_ksh: string | number;
  reference: string;
  narrative: string;
}

export interface UnmatchedEntry {
  id: string;
  date: string;
  /** What the entry moved on this account: positive in, negative out. */
  amountKsh: number;
  reference: string;
  narrative: string;
}

/**
 * The account's journal entries no statement line is matched to yet, dated up to `until`: the
 * uncleared entries of earlier months and this statement's own (docs/client-money-statements.md).
 * An entry's amount on the account is the sum of its lines posted to it.
 */
export async function unmatchedEntriesOfAccount(
  db: Executor,
  accountId: string,
  until: string,
): Promise<UnmatchedEntry[]> {
  const result = await db.execute(sql`
    select e.id, to_char(e.entry_date, 'YYYY-MM-DD') as date, sum(l.amount_ksh) as amount_ksh,
           e.reference, e.narrative
      from client_money_entries e
      join client_money_lines l
        on l.entry_id = e.id and l.posts_to = 'account' and l.account_id = ${accountId}
     where e.entry_date <= ${until}::date
       and not exists (
         select 1 from client_money_statement_lines sl where sl.entry_id = e.id
       )
     group by e.id
    having sum(l.amount_ksh) <> 0`);
  const rows = (result as unknown as { rows: EntryRow[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    amountKsh: Number(row.amount_ksh),
    reference: row.reference,
    narrative: row.narrative,
  }));
}
