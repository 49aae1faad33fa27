import { and, asc, between, eq, lte, sql } from 'drizzle-orm';
import type { ClientMoneyEntryKind, DayRange } from '@firm/shared';
import type { Db } from '../../db/client';
import { cases, clientMoneyEntries, clientMoneyLines, users } from '../../db/schema';

/**
 * The Client money report's reads (ADR 045): the client-ledger lines of the journal, summed. A
 * ledger line is negative for money held (the journal's sign), so what is held is its sum turned.
 */

export interface HeldRow {
  clientId: string;
  clientName: string;
  caseId: string | null;
  caseNumber: string | null;
  heldKsh: number;
  /** The day of the last entry on this client's ledger for this case, up to `asOf`. */
  lastMoved: string;
}

/** What is held for each client on each case at the end of `asOf`, leaving out what holds nothing. */
export async function heldAt(db: Db, asOf: string): Promise<HeldRow[]> {
  const l = clientMoneyLines;
  return db
    .select({
      clientId: sql<string>`${l.clientId}`,
      clientName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      caseId: l.caseId,
      caseNumber: cases.caseNumber,
      heldKsh: sql<number>`-sum(${l.amountKsh})`.mapWith(Number),
      lastMoved: sql<string>`max(${clientMoneyEntries.entryDate})::text`,
    })
    .from(l)
    .innerJoin(clientMoneyEntries, eq(clientMoneyEntries.id, l.entryId))
    .innerJoin(users, sql`${users.id} = ${l.clientId}`)
    .leftJoin(cases, eq(cases.id, l.caseId))
    .where(and(eq(l.postsTo, 'client_ledger'), lte(clientMoneyEntries.entryDate, asOf)))
    .groupBy(l.clientId, users.firstName, users.lastName, l.caseId, cases.caseNumber)
    .having(sql`sum(${l.amountKsh}) <> 0`)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(l.clientId), asc(cases.caseNumber));
}

/** The shillings of the entries of each kind dated in `range`. */
export async function movedByKind(
  db: Db,
  range: DayRange,
): Promise<Map<ClientMoneyEntryKind, number>> {
  const e = clientMoneyEntries;
  const rows = await db
    .select({ kind: e.kind, totalKsh: sql<number>`sum(${e.amountKsh})`.mapWith(Number) })
    .from(e)
    .where(between(e.entryDate, range.from, range.to))
    .groupBy(e.kind);
  return new Map(rows.map((row) => [row.kind, row.totalKsh]));
}

/** What the client ledgers gained (positive) or lost in `range`: every kind, reversals included. */
export async function ledgerChange(db: Db, range: DayRange): Promise<number> {
  const l = clientMoneyLines;
  const [row] = await db
    .select({ changeKsh: sql<number>`coalesce(-sum(${l.amountKsh}), 0)`.mapWith(Number) })
    .from(l)
    .innerJoin(clientMoneyEntries, eq(clientMoneyEntries.id, l.entryId))
    .where(
      and(
        eq(l.postsTo, 'client_ledger'),
        between(clientMoneyEntries.entryDate, range.from, range.to),
      ),
    );
  return row?.changeKsh ?? 0;
}
