import { LIVE_APPOINTMENT_STATUSES, type CaseStatus } from '@firm/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appointments,
  caseCounts,
  cases,
  clientMoneyBalances,
  clientMoneyEntries,
  clientMoneyLines,
  clientMoneyMonthLocks,
  feeNotes,
  moneyAccounts,
  payments,
  users,
} from '../../db/schema';
import { owedByClient } from '../billing/owed.repository';

/**
 * The dashboards' counts and short lists (ADR 019). Each is one indexed query; the
 * service runs those a caller may see side by side. Ranges are [from, to) instants.
 */

export interface Range {
  from: Date;
  to: Date;
}

const count = sql<number>`count(*)`.mapWith(Number);
const live = inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]);
const owed = and(
  eq(appointments.paymentStatus, 'pending'),
  ne(appointments.status, 'cancelled'),
  sql`${appointments.feeKsh} > 0`,
);

/** A fee note still owed on (ADR 035): issued or partly paid. */
const feeNoteOwed = inArray(feeNotes.status, ['issued', 'partly_paid']);
const feeNoteBalance =
  sql<number>`coalesce(sum(${feeNotes.totalKsh} - ${feeNotes.paidKsh}), 0)`.mapWith(Number);

const caseListColumns = {
  id: cases.id,
  caseNumber: cases.caseNumber,
  title: cases.title,
  status: cases.status,
  priority: cases.priority,
  updatedAt: cases.updatedAt,
  courtDate: cases.courtDate,
};

const appointmentListColumns = {
  id: appointments.id,
  title: appointments.title,
  type: appointments.type,
  status: appointments.status,
  startsAt: appointments.startsAt,
  feeKsh: appointments.feeKsh,
  clientFirstName: appointments.clientFirstName,
  clientLastName: appointments.clientLastName,
};
export type DashboardAppointmentRow = {
  id: string;
  title: string;
  type: (typeof appointments.$inferSelect)['type'];
  status: (typeof appointments.$inferSelect)['status'];
  startsAt: Date;
  feeKsh: number;
  clientFirstName: string;
  clientLastName: string;
};

// ---------------------------------------------------------------------------------------------
// A client's own

export async function clientCaseCount(db: Executor, clientId: string): Promise<number> {
  const [row] = await db
    .select({ count })
    .from(cases)
    .where(and(eq(cases.clientId, clientId), ne(cases.status, 'closed')));
  return row?.count ?? 0;
}

/** The client's most recently changed cases (cases_client_updated_idx). */
export function clientRecentCases(db: Executor, clientId: string, limit: number) {
  return db
    .select(caseListColumns)
    .from(cases)
    .where(eq(cases.clientId, clientId))
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(limit);
}

/** The client's open cases, for Upload Document's picker. */
export function clientOpenCases(db: Executor, clientId: string, limit: number) {
  return db
    .select({ id: cases.id, caseNumber: cases.caseNumber, title: cases.title })
    .from(cases)
    .where(and(eq(cases.clientId, clientId), ne(cases.status, 'closed')))
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(limit);
}

/** The client's live appointments from `from` on, soonest first, and how many there are. */
export async function clientUpcoming(
  db: Executor,
  clientId: string,
  from: Date,
  limit: number,
): Promise<{ total: number; rows: DashboardAppointmentRow[] }> {
  const where = and(eq(appointments.clientId, clientId), live, gte(appointments.startsAt, from));
  const [rows, [counted]] = await Promise.all([
    db
      .select(appointmentListColumns)
      .from(appointments)
      .where(where)
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(limit),
    db.select({ count }).from(appointments).where(where),
  ]);
  return { total: counted?.count ?? 0, rows };
}

/**
 * The client's fees still owed: appointments' (soonest first, listed), and the sum and count by
 * the one rule of what a client owes (billing/owed.repository), which the Billing screen shows too.
 */
export async function clientUnpaid(
  db: Executor,
  clientId: string,
  limit: number,
): Promise<{ total: number; sumKsh: number; rows: DashboardAppointmentRow[] }> {
  const where = and(eq(appointments.clientId, clientId), owed);
  const [rows, owedNow] = await Promise.all([
    db
      .select(appointmentListColumns)
      .from(appointments)
      .where(where)
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(limit),
    owedByClient(db, clientId),
  ]);
  return { total: owedNow.count, sumKsh: owedNow.totalKsh, rows };
}

// ---------------------------------------------------------------------------------------------
// Staff

/** Live appointments today and this week, in one pass over this week's (appointments_starts_at_idx). */
export async function appointmentCounts(
  db: Executor,
  today: Range,
  week: Range,
): Promise<{ today: number; thisWeek: number }> {
  const [row] = await db
    .select({
      today:
        sql<number>`count(*) filter (where ${appointments.startsAt} >= ${today.from} and ${appointments.startsAt} < ${today.to})`.mapWith(
          Number,
        ),
      thisWeek: count,
    })
    .from(appointments)
    .where(and(live, gte(appointments.startsAt, week.from), lt(appointments.startsAt, week.to)));
  return { today: row?.today ?? 0, thisWeek: row?.thisWeek ?? 0 };
}

/**
 * Appointments from `from` on still waiting for the firm to confirm them: not those a visitor has
 * yet to confirm from the email, which are not requests yet.
 */
export async function bookingRequestCount(db: Executor, from: Date): Promise<number> {
  const [row] = await db
    .select({ count })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'scheduled'),
        isNull(appointments.holdExpiresAt),
        gte(appointments.startsAt, from),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Open cases by status and assignee (null: unassigned), optionally one assignee's: the few rows of
 * case_counts, which triggers keep in step with `cases` (counting 100k cases took 25 ms).
 */
export function openCaseCounts(
  db: Executor,
  assigneeId?: string,
): Promise<{ status: CaseStatus; assigneeId: string | null; count: number }[]> {
  return db
    .select({
      status: caseCounts.status,
      assigneeId: caseCounts.assigneeId,
      count: caseCounts.n,
    })
    .from(caseCounts)
    .where(
      and(
        sql`${caseCounts.n} > 0`,
        ne(caseCounts.status, 'closed'),
        assigneeId === undefined ? undefined : eq(caseCounts.assigneeId, assigneeId),
      ),
    );
}

/**
 * Open cases' court dates in `range` (cases_court_date_idx): how many, and the first few; a
 * client's own only when `clientId` is given (ADR 025).
 */
export async function courtDates(db: Executor, range: Range, limit: number, clientId?: string) {
  const where = and(
    gte(cases.courtDate, range.from),
    lt(cases.courtDate, range.to),
    ne(cases.status, 'closed'),
    clientId ? eq(cases.clientId, clientId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: cases.id,
        caseNumber: cases.caseNumber,
        title: cases.title,
        courtDate: cases.courtDate,
        court: cases.court,
      })
      .from(cases)
      .where(where)
      .orderBy(asc(cases.courtDate), asc(cases.id))
      .limit(limit),
    db.select({ count }).from(cases).where(where),
  ]);
  return { total: counted?.count ?? 0, rows };
}

/** One person's live appointments in `range` (appointments_advocate_starts_at_idx). */
export function diaryOf(db: Executor, advocateId: string, range: Range, limit: number) {
  return db
    .select(appointmentListColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.advocateId, advocateId),
        live,
        gte(appointments.startsAt, range.from),
        lt(appointments.startsAt, range.to),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}

export async function pendingAdvocateCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count })
    .from(users)
    .where(and(eq(users.role, 'advocate'), eq(users.verificationStatus, 'pending')));
  return row?.count ?? 0;
}

export async function newClientCount(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ count })
    .from(users)
    .where(and(eq(users.role, 'client'), gte(users.createdAt, since)));
  return row?.count ?? 0;
}

const sumFee = sql<number>`coalesce(sum(${appointments.feeKsh}), 0)`.mapWith(Number);

/**
 * Fees of the month: pending = owed on appointments of the month (what /appointments?payment=
 * pending&from&to lists) and on fee notes due in the month; paid = appointments recorded as paid
 * during the month (appointments_paid_at_idx) and payments on fee notes received in it. (A
 * payment on an appointment marks it paid, so it is counted there once.)
 */
export async function feesOfMonth(
  db: Executor,
  month: Range,
  days: { first: string; last: string },
) {
  const [[pending], [paid], [billed], [received]] = await Promise.all([
    db
      .select({ count, sum: sumFee })
      .from(appointments)
      .where(
        and(owed, gte(appointments.startsAt, month.from), lt(appointments.startsAt, month.to)),
      ),
    db
      .select({ count, sum: sumFee })
      .from(appointments)
      .where(
        and(
          eq(appointments.paymentStatus, 'paid'),
          gte(appointments.paidAt, month.from),
          lt(appointments.paidAt, month.to),
        ),
      ),
    db
      .select({ count, sum: feeNoteBalance })
      .from(feeNotes)
      .where(and(feeNoteOwed, gte(feeNotes.dueDate, days.first), lte(feeNotes.dueDate, days.last))),
    db
      .select({
        count,
        sum: sql<number>`coalesce(sum(${payments.amountKsh}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'succeeded'),
          isNotNull(payments.feeNoteId),
          gte(payments.receivedAt, month.from),
          lt(payments.receivedAt, month.to),
        ),
      ),
  ]);
  return {
    pendingKsh: (pending?.sum ?? 0) + (billed?.sum ?? 0),
    pendingCount: (pending?.count ?? 0) + (billed?.count ?? 0),
    paidKsh: (paid?.sum ?? 0) + (received?.sum ?? 0),
    paidCount: (paid?.count ?? 0) + (received?.count ?? 0),
  };
}

/** How many accounts of each kind exist, whatever their state: the setup checklist's facts. */
export async function accountCounts(db: Executor): Promise<{ staff: number; clients: number }> {
  const [row] = await db
    .select({
      staff: sql<number>`count(*) filter (where ${users.role} <> 'client')`.mapWith(Number),
      clients: sql<number>`count(*) filter (where ${users.role} = 'client')`.mapWith(Number),
    })
    .from(users);
  return { staff: row?.staff ?? 0, clients: row?.clients ?? 0 };
}

/** The client accounts and the months reconciliation has locked of each (ADR 045). */
export async function clientAccountLocks(db: Executor) {
  const [accounts, locks] = await Promise.all([
    db
      .select({
        id: moneyAccounts.id,
        name: moneyAccounts.name,
        openingDate: moneyAccounts.openingDate,
      })
      .from(moneyAccounts)
      .where(eq(moneyAccounts.kind, 'client'))
      .orderBy(asc(moneyAccounts.name)),
    db
      .select({ accountId: clientMoneyMonthLocks.accountId, month: clientMoneyMonthLocks.month })
      .from(clientMoneyMonthLocks),
  ]);
  return accounts.map((account) => ({
    ...account,
    locked: new Set(locks.filter((l) => l.accountId === account.id).map((l) => l.month)),
  }));
}

/**
 * The balances held now (the trigger's, never below zero) whose client ledger on that case has had
 * no entry on or after `since`: how many, and the shillings they hold.
 */
export async function idleClientMoney(db: Executor, since: string) {
  const b = clientMoneyBalances;
  const l = clientMoneyLines;
  const [row] = await db
    .select({ count, heldKsh: sql<number>`coalesce(sum(${b.balanceKsh}), 0)`.mapWith(Number) })
    .from(b)
    .where(
      and(
        sql`${b.balanceKsh} > 0`,
        sql`not exists (select 1 from ${l} join ${clientMoneyEntries} on ${clientMoneyEntries.id} = ${l.entryId} where ${l.postsTo} = 'client_ledger' and ${l.clientId} = ${b.clientId} and ${l.caseId} is not distinct from ${b.caseId} and ${clientMoneyEntries.entryDate} >= ${since})`,
      ),
    );
  return { count: row?.count ?? 0, heldKsh: row?.heldKsh ?? 0 };
}

/**
 * Per client account, its statement lines imported before `before` that no entry is matched to
 * yet (ADR 046): how many, and the oldest line's day.
 */
export async function staleUnmatchedLines(db: Executor, before: Date) {
  const result = await db.execute(sql`
    select s.account_id, a.name as account_name, count(*) as count,
           to_char(min(l.line_date), 'YYYY-MM-DD') as oldest_date
      from client_money_statement_lines l
      join client_money_statements s on s.id = l.statement_id
      join money_accounts a on a.id = s.account_id
     where l.entry_id is null and s.imported_at < ${before.toISOString()}::timestamptz
     group by s.account_id, a.name
     order by a.name`);
  const rows = (
    result as unknown as {
      rows: {
        account_id: string;
        account_name: string;
        count: string | number;
        oldest_date: string;
      }[];
    }
  ).rows;
  return rows.map((row) => ({
    accountId: row.account_id,
    accountName: row.account_name,
    count: Number(row.count),
    oldestDate: row.oldest_date,
  }));
}
