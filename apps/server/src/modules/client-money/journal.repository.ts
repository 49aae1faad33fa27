import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  billingNumberCounters,
  cases,
  clientMoneyBalances,
  clientMoneyEntries,
  clientMoneyLines,
  moneyAccounts,
  type ClientMoneyEntryRow,
  type MoneyAccountRow,
} from '../../db/schema';

/**
 * The journal's writes and the reads they need (ADR 045). Balances are never written here: the
 * lines' trigger keeps them, and the database refuses what breaks a rule (migration 0039).
 */

export type NewLine = typeof clientMoneyLines.$inferInsert;

export async function listAccountRows(db: Executor): Promise<MoneyAccountRow[]> {
  return db.select().from(moneyAccounts).orderBy(asc(moneyAccounts.kind), asc(moneyAccounts.name));
}

export async function insertAccount(
  tx: Executor,
  values: typeof moneyAccounts.$inferInsert,
): Promise<MoneyAccountRow | undefined> {
  const [row] = await tx.insert(moneyAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAccount(db: Executor, id: string): Promise<MoneyAccountRow | undefined> {
  const [row] = await db.select().from(moneyAccounts).where(eq(moneyAccounts.id, id)).limit(1);
  return row;
}

export async function hasClientAccount(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: moneyAccounts.id })
    .from(moneyAccounts)
    .where(eq(moneyAccounts.kind, 'client'))
    .limit(1);
  return row !== undefined;
}

/** The case's number when it is one of `clientId`'s cases. */
export async function caseNumberOfClient(
  db: Executor,
  caseId: string,
  clientId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ caseNumber: cases.caseNumber })
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.clientId, clientId)))
    .limit(1);
  return row?.caseNumber;
}

/**
 * What is held for `clientId` on `caseId` (null: on no case), its row locked until `tx` ends so
 * that entries on the same money take turns; 0 when nothing was ever held there.
 */
export async function lockBalance(
  tx: Executor,
  clientId: string,
  caseId: string | null,
): Promise<number> {
  const [row] = await tx
    .select({ balanceKsh: clientMoneyBalances.balanceKsh })
    .from(clientMoneyBalances)
    .where(
      and(
        eq(clientMoneyBalances.clientId, clientId),
        caseId ? eq(clientMoneyBalances.caseId, caseId) : isNull(clientMoneyBalances.caseId),
      ),
    )
    .for('update')
    .limit(1);
  return row?.balanceKsh ?? 0;
}

/** The next CR number of `year`, from the billing counters (gap-free: given back on rollback). */
export async function claimReceiptNumber(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(billingNumberCounters)
    .values({ kind: 'CR', year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [billingNumberCounters.kind, billingNumberCounters.year],
      set: { lastValue: sql`${billingNumberCounters.lastValue} + 1` },
    })
    .returning({ value: billingNumberCounters.lastValue });
  return row!.value;
}

/** Writes an entry and its lines; the database checks, at commit, that they balance. */
export async function insertEntry(
  tx: Executor,
  entry: typeof clientMoneyEntries.$inferInsert,
  lines: Omit<NewLine, 'entryId'>[],
): Promise<ClientMoneyEntryRow> {
  const [row] = await tx.insert(clientMoneyEntries).values(entry).returning();
  await tx.insert(clientMoneyLines).values(lines.map((line) => ({ ...line, entryId: row!.id })));
  return row!;
}

export async function lockEntry(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(clientMoneyEntries)
    .where(eq(clientMoneyEntries.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function reversalOf(tx: Executor, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: clientMoneyEntries.id })
    .from(clientMoneyEntries)
    .where(eq(clientMoneyEntries.reversesId, id))
    .limit(1);
  return row?.id;
}

export async function linesOf(tx: Executor, entryId: string) {
  return tx
    .select()
    .from(clientMoneyLines)
    .where(eq(clientMoneyLines.entryId, entryId))
    .orderBy(asc(clientMoneyLines.id));
}
