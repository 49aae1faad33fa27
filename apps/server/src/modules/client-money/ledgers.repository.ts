import { aliasedTable, and, asc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  cases,
  clientMoneyBalances,
  clientMoneyEntries,
  clientMoneyLines,
  feeNotes,
  moneyAccounts,
  users,
  type ClientMoneyEntryRow,
} from '../../db/schema';

/** Reads of the ledgers (ADR 045): entries as a ledger shows them, and balances now or at a day. */

const reversal = aliasedTable(clientMoneyEntries, 'reversal');

/** What the entry did to its client's ledger: the ledger lines' sum with its sign turned. */
const ledgerEffect =
  sql<number>`coalesce((select -sum(${clientMoneyLines.amountKsh}) from ${clientMoneyLines} where ${clientMoneyLines.entryId} = ${clientMoneyEntries.id} and ${clientMoneyLines.postsTo} = 'client_ledger'), 0)`.mapWith(
    Number,
  );

/** An entry with what a ledger shows beside it. */
export interface EntryView {
  entry: ClientMoneyEntryRow;
  accountName: string;
  caseNumber: string | null;
  caseTitle: string | null;
  feeNoteNumber: string | null;
  reversedById: string | null;
  ledgerEffectKsh: number;
}

export async function entryViews(db: Executor, where: SQL | undefined): Promise<EntryView[]> {
  return db
    .select({
      entry: clientMoneyEntries,
      accountName: moneyAccounts.name,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      feeNoteNumber: feeNotes.number,
      reversedById: reversal.id,
      ledgerEffectKsh: ledgerEffect,
    })
    .from(clientMoneyEntries)
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, clientMoneyEntries.accountId))
    .leftJoin(cases, eq(cases.id, clientMoneyEntries.caseId))
    .leftJoin(feeNotes, eq(feeNotes.id, clientMoneyEntries.feeNoteId))
    .leftJoin(reversal, eq(reversal.reversesId, clientMoneyEntries.id))
    .where(where)
    .orderBy(
      asc(clientMoneyEntries.entryDate),
      asc(clientMoneyEntries.createdAt),
      asc(clientMoneyEntries.id),
    );
}

export const entriesOfClient = (db: Executor, clientId: string) =>
  entryViews(db, eq(clientMoneyEntries.clientId, clientId));

export async function entryView(db: Executor, id: string): Promise<EntryView | undefined> {
  const [row] = await entryViews(db, eq(clientMoneyEntries.id, id));
  return row;
}

export interface BalanceFilters {
  clientId?: string | undefined;
  caseId?: string | undefined;
  /** The end of this day; none: now. */
  asOf?: string | undefined;
}

const clientName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * What is held per client and case (case null: on no case), leaving out what holds nothing. Now:
 * the balances the trigger keeps; at a past day: the ledger lines of entries dated up to it.
 */
export async function balanceRows(db: Executor, filters: BalanceFilters) {
  if (!filters.asOf) {
    const b = clientMoneyBalances;
    return db
      .select({
        clientId: b.clientId,
        clientName,
        caseId: b.caseId,
        caseNumber: cases.caseNumber,
        caseTitle: cases.title,
        balanceKsh: sql<number>`${b.balanceKsh}`.mapWith(Number),
      })
      .from(b)
      .innerJoin(users, eq(users.id, b.clientId))
      .leftJoin(cases, eq(cases.id, b.caseId))
      .where(
        and(
          ne(b.balanceKsh, 0),
          ...(filters.clientId ? [eq(b.clientId, filters.clientId)] : []),
          ...(filters.caseId ? [eq(b.caseId, filters.caseId)] : []),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(b.clientId), asc(cases.caseNumber));
  }
  const l = clientMoneyLines;
  const held = sql<number>`-sum(${l.amountKsh})`.mapWith(Number);
  return db
    .select({
      clientId: l.clientId,
      clientName,
      caseId: l.caseId,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      balanceKsh: held,
    })
    .from(l)
    .innerJoin(clientMoneyEntries, eq(clientMoneyEntries.id, l.entryId))
    .innerJoin(users, eq(users.id, l.clientId))
    .leftJoin(cases, eq(cases.id, l.caseId))
    .where(
      and(
        eq(l.postsTo, 'client_ledger'),
        lte(clientMoneyEntries.entryDate, filters.asOf),
        ...(filters.clientId ? [eq(l.clientId, filters.clientId)] : []),
        ...(filters.caseId ? [eq(l.caseId, filters.caseId)] : []),
      ),
    )
    .groupBy(l.clientId, users.firstName, users.lastName, l.caseId, cases.caseNumber, cases.title)
    .having(sql`sum(${l.amountKsh}) <> 0`)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(l.clientId), asc(cases.caseNumber));
}
