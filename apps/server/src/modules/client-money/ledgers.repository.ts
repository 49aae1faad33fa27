import { aliasedTable, and, asc, desc, eq, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  cases,
  clientMoneyBalances,
  clientMoneyEntries,
  clientMoneyLines,
  clientMoneyMonthlyBalances,
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

export interface LedgerPageFilters {
  clientId: string;
  caseId?: string | undefined;
  /** The entry the page ends before (its place: date, time recorded, id). */
  before?: string | undefined;
  /** At most this many of the newest entries (before `before`); none: every one. */
  limit?: number | undefined;
}

/** An entry of a ledger page, with the running balance the database counted up to it. */
export interface LedgerPageRow extends EntryView {
  runningBalanceKsh: number;
}

/**
 * A ledger's entries, newest first, each with its running balance counted in SQL (ADR 053): the
 * page's rows are read by client_money_entries_client_idx (the ledger's order: date, time
 * recorded, id); what they bring forward is the ledger's closing balance of the month before the
 * page's oldest entry (the monthly balances of migration 0044) plus the entries of that month
 * before it; each row's running balance adds the page's effects in order to that. So a page reads
 * about a month of entries, never the whole ledger. `limit + 1` rows are read, so the caller knows
 * whether earlier entries remain. Undefined when `before` is no entry of this ledger.
 */
export async function ledgerPage(
  db: Executor,
  filters: LedgerPageFilters,
): Promise<LedgerPageRow[] | undefined> {
  const e = clientMoneyEntries;
  const ofLedger = and(
    eq(e.clientId, filters.clientId),
    ...(filters.caseId ? [eq(e.caseId, filters.caseId)] : []),
  );
  if (filters.before) {
    const [cursor] = await db
      .select({ id: e.id })
      .from(e)
      .where(and(ofLedger, eq(e.id, filters.before)));
    if (!cursor) return undefined;
  }
  let newest = db
    .select({
      id: sql<string>`${e.id}`.as('page_id'),
      entryDate: sql<string>`${e.entryDate}`.as('page_date'),
      createdAt: sql<Date>`${e.createdAt}`.as('page_created_at'),
      effectKsh: sql<number>`${ledgerEffect}`.as('page_effect_ksh'),
    })
    .from(e)
    .where(
      and(
        ofLedger,
        filters.before
          ? sql`(${e.entryDate}, ${e.createdAt}, ${e.id}) < (select c.entry_date, c.created_at, c.id from ${e} c where c.id = ${filters.before})`
          : undefined,
      ),
    )
    .orderBy(desc(e.entryDate), desc(e.createdAt), desc(e.id))
    .$dynamic();
  if (filters.limit !== undefined) newest = newest.limit(filters.limit + 1);
  const page = db.$with('page').as(newest);
  const onCase = (alias: string) =>
    filters.caseId ? sql` and ${sql.raw(alias)}.case_id = ${filters.caseId}` : sql``;
  // Computed once (an uncorrelated subquery): the running balance before the page's oldest entry.
  const broughtForward = sql`(
    select coalesce((
             select sum(held.closing_ksh) from (
               select distinct on (m.case_id) m.closing_ksh
                 from ${clientMoneyMonthlyBalances} m
                where m.client_id = ${filters.clientId}${onCase('m')}
                  and m.month < date_trunc('month', o.page_date)
                order by m.case_id, m.month desc) held), 0)
         + coalesce((
             select sum(coalesce((select -sum(l.amount_ksh) from ${clientMoneyLines} l
                                   where l.entry_id = w.id and l.posts_to = 'client_ledger'), 0))
               from ${e} w
              where w.client_id = ${filters.clientId}${onCase('w')}
                and w.entry_date >= date_trunc('month', o.page_date)
                and (w.entry_date, w.created_at, w.id) < (o.page_date, o.page_created_at, o.page_id)), 0)
      from (select * from page order by page_date, page_created_at, page_id limit 1) o)`;
  return db
    .with(page)
    .select({
      entry: clientMoneyEntries,
      accountName: moneyAccounts.name,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      feeNoteNumber: feeNotes.number,
      reversedById: reversal.id,
      ledgerEffectKsh: sql<number>`${page.effectKsh}`.mapWith(Number),
      runningBalanceKsh:
        sql<number>`coalesce(${broughtForward}, 0) + sum(${page.effectKsh}) over (order by ${page.entryDate}, ${page.createdAt}, ${page.id})`.mapWith(
          Number,
        ),
    })
    .from(page)
    .innerJoin(clientMoneyEntries, eq(clientMoneyEntries.id, page.id))
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, clientMoneyEntries.accountId))
    .leftJoin(cases, eq(cases.id, clientMoneyEntries.caseId))
    .leftJoin(feeNotes, eq(feeNotes.id, clientMoneyEntries.feeNoteId))
    .leftJoin(reversal, eq(reversal.reversesId, clientMoneyEntries.id))
    .orderBy(
      desc(clientMoneyEntries.entryDate),
      desc(clientMoneyEntries.createdAt),
      desc(clientMoneyEntries.id),
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
 * the balances the trigger keeps; at a past day: see balanceRowsAt.
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
  return balanceRowsAt(db, { ...filters, asOf: filters.asOf });
}

/**
 * What was held at the end of `asOf`, from each ledger's monthly balances (kept by migration
 * 0044's trigger in the entries' transactions, ADR 053): for a day in the first half of its month,
 * the closing balance of the ledger's latest month before it plus what the ledger lines of the
 * entries from the month's first day up to the day moved; for a later day, the closing balance of
 * its own month (or the latest before) less what the entries after the day in that month moved.
 * Either way about half a month of entries is read. Every ledger that ever held money has its row
 * in client_money_balances, so those rows name the ledgers. Summing the journal instead took
 * 0.4–1.2 s over 500,000 entries (docs/benchmarks/api.md, ADR 053).
 */
async function balanceRowsAt(db: Executor, filters: BalanceFilters & { asOf: string }) {
  const monthStart = `${filters.asOf.slice(0, 7)}-01`;
  const [year, month] = filters.asOf.split('-').map(Number) as [number, number];
  const nextMonthStart = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  const late = Number(filters.asOf.slice(8, 10)) > 15;
  const b = clientMoneyBalances;
  const mb = clientMoneyMonthlyBalances;
  const l = clientMoneyLines;
  const e = clientMoneyEntries;
  const before = db
    .select({ closingKsh: sql<number>`${mb.closingKsh}`.as('closing_before') })
    .from(mb)
    .where(
      and(
        eq(mb.clientId, b.clientId),
        sql`${mb.caseId} is not distinct from ${b.caseId}`,
        late ? lte(mb.month, monthStart) : lt(mb.month, monthStart),
      ),
    )
    .orderBy(desc(mb.month))
    .limit(1)
    .as('before');
  // Summed per client and case first; the names are joined to the sums, not to every line.
  const moved = db
    .select({
      clientId: sql<string>`${l.clientId}`.as('moved_client_id'),
      caseId: sql<string | null>`${l.caseId}`.as('moved_case_id'),
      movedKsh: sql<number>`sum(${l.amountKsh})`.as('moved_ksh'),
    })
    .from(e)
    .innerJoin(l, and(eq(l.entryId, e.id), eq(l.postsTo, 'client_ledger')))
    .where(
      and(
        ...(late
          ? [gt(e.entryDate, filters.asOf), lt(e.entryDate, nextMonthStart)]
          : [gte(e.entryDate, monthStart), lte(e.entryDate, filters.asOf)]),
        ...(filters.clientId ? [eq(l.clientId, filters.clientId)] : []),
        ...(filters.caseId ? [eq(l.caseId, filters.caseId)] : []),
      ),
    )
    .groupBy(l.clientId, l.caseId)
    .as('moved');
  // A line's effect on what is held is its amount negated: adding the lines up to the day takes
  // their amounts off; undoing the lines after it adds them back.
  const held = late
    ? sql<number>`coalesce(${before.closingKsh}, 0) + coalesce(${moved.movedKsh}, 0)`
    : sql<number>`coalesce(${before.closingKsh}, 0) - coalesce(${moved.movedKsh}, 0)`;
  return db
    .select({
      clientId: b.clientId,
      clientName,
      caseId: b.caseId,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      balanceKsh: held.mapWith(Number),
    })
    .from(b)
    .leftJoinLateral(before, sql`true`)
    .leftJoin(
      moved,
      and(eq(moved.clientId, b.clientId), sql`${moved.caseId} is not distinct from ${b.caseId}`),
    )
    .innerJoin(users, eq(users.id, b.clientId))
    .leftJoin(cases, eq(cases.id, b.caseId))
    .where(
      and(
        ne(held, 0),
        ...(filters.clientId ? [eq(b.clientId, filters.clientId)] : []),
        ...(filters.caseId ? [eq(b.caseId, filters.caseId)] : []),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(b.clientId), asc(cases.caseNumber));
}
