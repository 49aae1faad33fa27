import { nairobiDays, type BillingNumberKind, type FeeNoteStatus } from '@firm/shared';
import { aliasedTable, and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, offsetOf } from '../../db/list-queries';
import {
  billingNumberCounters,
  cases,
  clientMoneyEntries,
  clientMoneyMpesaDeposits,
  expenses,
  feeNoteLines,
  feeNotes,
  payments,
  timeEntries,
  users,
  type FeeNoteLineRow,
  type FeeNoteRow,
} from '../../db/schema';

/** Fee notes and their lines (ADR 035). Every read takes the caller's scope into its WHERE clause. */

const client = aliasedTable(users, 'client');

/**
 * The next number of `kind` in `year`, claimed in `tx`: the counter row stays locked until `tx`
 * ends, so two issues never share a number, and a rolled-back one gives its number back.
 */
export async function claimBillingNumber(
  tx: Executor,
  kind: BillingNumberKind,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(billingNumberCounters)
    .values({ kind, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [billingNumberCounters.kind, billingNumberCounters.year],
      set: { lastValue: sql`${billingNumberCounters.lastValue} + 1` },
    })
    .returning({ value: billingNumberCounters.lastValue });
  return row!.value;
}

/** Who may be shown which fee notes: a client their own issued ones; staff every one. */
export interface FeeNoteScope {
  clientId?: string;
  /** A client never sees a draft: it is not yet theirs. */
  withDrafts: boolean;
}

const scopeWhere = (scope: FeeNoteScope): SQL[] => [
  ...(scope.clientId ? [eq(feeNotes.clientId, scope.clientId)] : []),
  ...(scope.withDrafts ? [] : [ne(feeNotes.status, 'draft')]),
];

const selection = {
  note: feeNotes,
  clientFirstName: client.firstName,
  clientLastName: client.lastName,
  clientEmail: client.email,
  clientPhone: client.phone,
  caseNumber: cases.caseNumber,
  caseTitle: cases.title,
};

export type FeeNoteWithParties = {
  note: FeeNoteRow;
  clientFirstName: string;
  clientLastName: string;
  clientEmail: string;
  clientPhone: string | null;
  caseNumber: string | null;
  caseTitle: string | null;
};

const withParties = (db: Executor) =>
  db
    .select(selection)
    .from(feeNotes)
    .innerJoin(client, eq(client.id, feeNotes.clientId))
    .leftJoin(cases, eq(cases.id, feeNotes.caseId));

export async function findFeeNote(
  db: Executor,
  id: string,
  scope: FeeNoteScope,
): Promise<FeeNoteWithParties | undefined> {
  const [row] = await withParties(db)
    .where(and(eq(feeNotes.id, id), ...scopeWhere(scope)))
    .limit(1);
  return row;
}

/** The row, locked until `tx` ends: issue, cancel and payments change a fee note one at a time. */
export async function lockFeeNote(tx: Executor, id: string): Promise<FeeNoteRow | undefined> {
  const [row] = await tx.select().from(feeNotes).where(eq(feeNotes.id, id)).for('update').limit(1);
  return row;
}

export async function linesOf(db: Executor, feeNoteId: string): Promise<FeeNoteLineRow[]> {
  return db
    .select()
    .from(feeNoteLines)
    .where(eq(feeNoteLines.feeNoteId, feeNoteId))
    .orderBy(asc(feeNoteLines.position));
}

export type NewFeeNoteLine = Omit<FeeNoteLineRow, 'id' | 'feeNoteId' | 'position'>;

/** Replaces a fee note's lines with `lines`, in their order. */
export async function writeLines(
  tx: Executor,
  feeNoteId: string,
  lines: readonly NewFeeNoteLine[],
): Promise<void> {
  await tx.delete(feeNoteLines).where(eq(feeNoteLines.feeNoteId, feeNoteId));
  if (lines.length === 0) return;
  await tx
    .insert(feeNoteLines)
    .values(lines.map((line, position) => ({ ...line, feeNoteId, position })));
}

export async function insertFeeNote(
  tx: Executor,
  values: typeof feeNotes.$inferInsert,
): Promise<FeeNoteRow> {
  const [row] = await tx.insert(feeNotes).values(values).returning();
  return row!;
}

export async function updateFeeNoteRow(
  tx: Executor,
  id: string,
  changes: Partial<typeof feeNotes.$inferInsert>,
): Promise<FeeNoteRow> {
  const [row] = await tx
    .update(feeNotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(feeNotes.id, id))
    .returning();
  return row!;
}

export async function deleteFeeNoteRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(feeNotes).where(and(eq(feeNotes.id, id), eq(feeNotes.status, 'draft')));
}

export interface FeeNoteFilters {
  clientId?: string;
  caseId?: string;
  status?: FeeNoteStatus | 'overdue' | 'outstanding' | 'billed';
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
  /** Today in Nairobi, for `overdue`. */
  today: string;
  page: number;
  limit: number;
}

const OWED = ['issued', 'partly_paid'] as const;

function statusWhere(filters: FeeNoteFilters): SQL[] {
  switch (filters.status) {
    case undefined:
      return [];
    case 'overdue':
      return [inArray(feeNotes.status, [...OWED]), lt(feeNotes.dueDate, filters.today)];
    case 'outstanding':
      return [inArray(feeNotes.status, [...OWED])];
    case 'billed':
      return [inArray(feeNotes.status, [...OWED, 'paid'])];
    default:
      return [eq(feeNotes.status, filters.status)];
  }
}

/**
 * The WHERE clause of the fee-notes list: the Reports count with it, so a figure and the list it
 * links to are the same fee notes by construction.
 */
export function feeNoteListConditions(
  filters: FeeNoteFilters,
  scope: FeeNoteScope,
): SQL | undefined {
  const issued = nairobiDays(filters.issuedFrom, filters.issuedTo);
  return and(
    ...scopeWhere(scope),
    ...(filters.clientId ? [eq(feeNotes.clientId, filters.clientId)] : []),
    ...(filters.caseId ? [eq(feeNotes.caseId, filters.caseId)] : []),
    ...statusWhere(filters),
    ...(issued.from ? [gte(feeNotes.issuedAt, issued.from)] : []),
    ...(issued.to ? [lt(feeNotes.issuedAt, issued.to)] : []),
  );
}

/**
 * A page of fee notes, newest first, and how many match. The page's ids are chosen first (from
 * the (created_at, id) index alone when unfiltered) and only those rows are joined to their client
 * and case: an OFFSET on the joined query ran both joins for every row it skipped (page 2,500 of
 * 100,000 notes on PostgreSQL: 86 ms against 12 ms; `BENCH_SCENARIO=billing npm run bench:api`).
 */
export async function listFeeNoteRows(db: Executor, filters: FeeNoteFilters, scope: FeeNoteScope) {
  const where = feeNoteListConditions(filters, scope);
  const newestFirst = [desc(feeNotes.createdAt), desc(feeNotes.id)];
  const pageIds = db
    .select({ id: feeNotes.id })
    .from(feeNotes)
    .where(where)
    .orderBy(...newestFirst)
    .limit(filters.limit)
    .offset(offsetOf(filters));
  const [rows, [counted]] = await Promise.all([
    withParties(db)
      .where(inArray(feeNotes.id, pageIds))
      .orderBy(...newestFirst),
    // How many match, and their money: what a report's figure that links here adds up.
    db
      .select({
        total: countAll(),
        // Billed: issued and not cancelled; owed: what is left on those not yet paid in full.
        billedKsh:
          sql<number>`coalesce(sum(${feeNotes.totalKsh}) filter (where ${feeNotes.status} in ('issued', 'partly_paid', 'paid')), 0)`.mapWith(
            Number,
          ),
        owedKsh:
          sql<number>`coalesce(sum(${feeNotes.totalKsh} - ${feeNotes.paidKsh}) filter (where ${feeNotes.status} in ('issued', 'partly_paid')), 0)`.mapWith(
            Number,
          ),
      })
      .from(feeNotes)
      .where(where),
  ]);
  return {
    rows,
    total: counted?.total ?? 0,
    sums: { billedKsh: counted?.billedKsh ?? 0, owedKsh: counted?.owedKsh ?? 0 },
  };
}

/**
 * Whether an account has fee notes, payments or client money (kept 7 years: the account cannot be deleted,
 * ADR 035, ADR 045).
 */
export async function hasBillingRecords(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feeNotes.id })
    .from(feeNotes)
    .where(eq(feeNotes.clientId, userId))
    .union(db.select({ id: payments.id }).from(payments).where(eq(payments.clientId, userId)))
    // Client money is kept as the firm's own accounts are (ADR 045); its rows restrict it too.
    .union(
      db
        .select({ id: clientMoneyEntries.id })
        .from(clientMoneyEntries)
        .where(eq(clientMoneyEntries.clientId, userId)),
    )
    // A deposit asked of M-Pesa is a money record as a fee note's push is (ADR 045).
    .union(
      db
        .select({ id: clientMoneyMpesaDeposits.id })
        .from(clientMoneyMpesaDeposits)
        .where(eq(clientMoneyMpesaDeposits.clientId, userId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a member of staff has time or expenses recorded (ADR 050): the firm's billing records,
 * kept as fee notes are, so the account is deactivated rather than deleted.
 */
export async function hasTimeRecords(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(eq(timeEntries.userId, userId))
    .union(db.select({ id: expenses.id }).from(expenses).where(eq(expenses.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Every issued fee note of a client, oldest first (their data export). */
export async function listAllFeeNotesOf(db: Executor, clientId: string) {
  return withParties(db)
    .where(and(eq(feeNotes.clientId, clientId), ne(feeNotes.status, 'draft')))
    .orderBy(asc(feeNotes.createdAt), asc(feeNotes.id));
}
