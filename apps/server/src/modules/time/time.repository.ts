import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Expense, TimeEntry } from '@firm/shared';
import type { Executor } from '../../db/client';
import {
  caseFeeArrangements,
  cases,
  expenses,
  timeActivities,
  timeEntries,
  timeRates,
  users,
  type ExpenseRow,
  type TimeEntryRow,
} from '../../db/schema';

/** Time entries and expenses with the case and person they name (ADR 050). */

const billingOf = (row: { feeNoteId: string | null; billedAt: Date | null }) =>
  row.billedAt ? ('billed' as const) : row.feeNoteId ? ('drafted' as const) : ('unbilled' as const);

const entryColumns = {
  entry: timeEntries,
  caseNumber: cases.caseNumber,
  clientId: cases.clientId,
  userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

type EntryJoin = { entry: TimeEntryRow; caseNumber: string; clientId: string; userName: string };

export function entryView({ entry, caseNumber, clientId, userName }: EntryJoin): TimeEntry {
  return {
    id: entry.id,
    caseId: entry.caseId,
    caseNumber,
    clientId,
    userId: entry.userId,
    userName,
    date: entry.workedOn,
    minutes: entry.minutes,
    activity: entry.activity,
    narrative: entry.narrative,
    billable: entry.billable,
    rateKsh: entry.rateKsh,
    valueKsh: entry.valueKsh,
    billing: billingOf(entry),
    feeNoteId: entry.feeNoteId,
    billedKsh: entry.billedKsh,
    writeDownReason: entry.writeDownReason,
    createdAt: entry.createdAt.toISOString(),
  };
}

export interface WorkFilters {
  caseId?: string;
  clientId?: string;
  userId?: string;
  /** Only what is not on any fee note. */
  unbilledOnly?: boolean;
}

function entryWhere(filters: WorkFilters): SQL | undefined {
  return and(
    filters.caseId ? eq(timeEntries.caseId, filters.caseId) : undefined,
    filters.clientId ? eq(cases.clientId, filters.clientId) : undefined,
    filters.userId ? eq(timeEntries.userId, filters.userId) : undefined,
    filters.unbilledOnly ? isNull(timeEntries.feeNoteId) : undefined,
  );
}

export async function listEntries(db: Executor, filters: WorkFilters, limit = 1000) {
  const rows = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .where(entryWhere(filters))
    .orderBy(desc(timeEntries.workedOn), desc(timeEntries.createdAt))
    .limit(limit);
  return rows.map(entryView);
}

export async function findEntry(db: Executor, id: string): Promise<TimeEntry | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .where(eq(timeEntries.id, id));
  return row ? entryView(row) : undefined;
}

export async function lockEntry(tx: Executor, id: string): Promise<TimeEntryRow | undefined> {
  const [row] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for('update');
  return row;
}

export async function lockEntries(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ entry: timeEntries, clientId: cases.clientId, kind: caseFeeArrangements.kind })
    .from(timeEntries)
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .leftJoin(caseFeeArrangements, eq(caseFeeArrangements.caseId, timeEntries.caseId))
    .where(inArray(timeEntries.id, [...ids]))
    .orderBy(asc(timeEntries.workedOn), asc(timeEntries.createdAt))
    .for('update', { of: timeEntries });
}

export const expenseColumns = {
  expense: expenses,
  caseNumber: cases.caseNumber,
  clientId: cases.clientId,
};

type ExpenseJoin = { expense: ExpenseRow; caseNumber: string; clientId: string };

export function expenseView({ expense, caseNumber, clientId }: ExpenseJoin): Expense {
  return {
    id: expense.id,
    caseId: expense.caseId,
    caseNumber,
    clientId,
    userId: expense.userId,
    date: expense.spentOn,
    kind: expense.kind,
    amountKsh: expense.amountKsh,
    payee: expense.payee,
    paidFrom: expense.paidFrom,
    receiptName: expense.receiptName,
    billing: billingOf(expense),
    feeNoteId: expense.feeNoteId,
    createdAt: expense.createdAt.toISOString(),
  };
}

export async function listExpenses(db: Executor, filters: WorkFilters, limit = 1000) {
  const rows = await db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(cases, eq(cases.id, expenses.caseId))
    .where(
      and(
        filters.caseId ? eq(expenses.caseId, filters.caseId) : undefined,
        filters.clientId ? eq(cases.clientId, filters.clientId) : undefined,
        filters.userId ? eq(expenses.userId, filters.userId) : undefined,
        // Paid from the client account: already the client's money, never billed again.
        filters.unbilledOnly
          ? and(isNull(expenses.feeNoteId), eq(expenses.paidFrom, 'firm'))
          : undefined,
      ),
    )
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt))
    .limit(limit);
  return rows.map(expenseView);
}

export async function findExpense(db: Executor, id: string): Promise<Expense | undefined> {
  const [row] = await db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(cases, eq(cases.id, expenses.caseId))
    .where(eq(expenses.id, id));
  return row ? expenseView(row) : undefined;
}

export async function lockExpenses(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ expense: expenses, clientId: cases.clientId })
    .from(expenses)
    .innerJoin(cases, eq(cases.id, expenses.caseId))
    .where(inArray(expenses.id, [...ids]))
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt))
    .for('update', { of: expenses });
}

/** The case a caller names, or undefined (staff with time:record reach every case). */
export async function findCase(db: Executor, id: string) {
  const [row] = await db
    .select({ id: cases.id, caseNumber: cases.caseNumber, clientId: cases.clientId })
    .from(cases)
    .where(eq(cases.id, id));
  return row;
}

export async function activityNames(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ name: timeActivities.name })
    .from(timeActivities)
    .orderBy(asc(timeActivities.position));
  return rows.map((row) => row.name);
}

/**
 * The rate time on `caseId` by `userId` is worth (ADR 050): the case's agreed hourly rate, else
 * the person's default, else 0 (recorded, worth nothing until a rate is set).
 */
export async function rateFor(db: Executor, caseId: string, userId: string): Promise<number> {
  const [arrangement] = await db
    .select({ rate: caseFeeArrangements.hourlyRateKsh })
    .from(caseFeeArrangements)
    .where(eq(caseFeeArrangements.caseId, caseId));
  if (arrangement?.rate != null) return arrangement.rate;
  const [own] = await db
    .select({ rate: timeRates.hourlyRateKsh })
    .from(timeRates)
    .where(eq(timeRates.userId, userId));
  return own?.rate ?? 0;
}

/** The names of `ids`' accounts (the unbilled list names each case's client). */
export async function namesOf(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The cases on a fixed fee or stages: their time is the firm's own view, never billed by line. */
export async function fixedFeeCaseIds(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ caseId: caseFeeArrangements.caseId })
    .from(caseFeeArrangements)
    .where(inArray(caseFeeArrangements.kind, ['fixed', 'stages']));
  return new Set(rows.map((row) => row.caseId));
}
