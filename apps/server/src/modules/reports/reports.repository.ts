import {
  FIRM_TIME_ZONE,
  listAppointmentsQuerySchema,
  listCasesQuerySchema,
  listEnquiriesQuerySchema,
  listFeeNotesQuerySchema,
  listPaymentsQuerySchema,
  nairobiDays,
  type DayRange,
  type ListAppointmentsQuery,
  type ListCasesQuery,
  type ListEnquiriesQuery,
} from '@firm/shared';
import type { z } from 'zod';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { countAll } from '../../db/list-queries';
import {
  appointments,
  caseCounts,
  cases,
  conversations,
  feeNotes,
  messages,
  payments,
} from '../../db/schema';
import { appointmentListConditions } from '../appointments/appointments.repository';
import { feeNoteListConditions } from '../billing/fee-notes.repository';
import { paymentListConditions } from '../billing/payments.repository';
import { caseListConditions } from '../cases/cases.repository';
import { ENQUIRY_INBOX, enquiryListConditions } from '../clients/enquiries.repository';
import { waitingSince } from '../messages/messages.repository';

/**
 * The Reports' queries (docs/product-rules.md#reports). A figure that links to a list is counted
 * with that list's own WHERE clause, built from the very query string the link carries (parsed by
 * the list's schema): the figure and the list's total are the same rows by construction. Staff
 * see the whole firm, so every list is read without a caller's scope.
 */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const count = (value: unknown) => Number(value ?? 0);
const hoursOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * The Nairobi month `YYYY-MM` of a timestamp column. The zone is written into the SQL (a constant
 * of ours, not input): as a parameter, the SELECT's and the GROUP BY's would be two expressions.
 */
const nairobiMonth = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${FIRM_TIME_ZONE}'`)}, 'YYYY-MM')`;

const asInstants = (range: DayRange) => nairobiDays(range.from, range.to);

// ---------------------------------------------------------------------------------------------
// Cases

const caseWhere = (query: ListCasesQuery) =>
  caseListConditions({ clientView: false }, listCasesQuerySchema.parse(query), []);

/**
 * Cases open at the end of each day given, by category, in one pass over the cases (the index
 * cases_created_at_idx alone): each count filtered by the cases list's own `openOn` clause.
 */
export async function openOnDaysByCategory(
  db: Executor,
  days: readonly string[],
): Promise<Map<string, number>[]> {
  const rows = await db
    .select({
      category: cases.category,
      ...Object.fromEntries(
        days.map((day, i) => [
          `n${i}`,
          sql<number>`count(*) filter (where ${caseWhere({ openOn: day })})`.mapWith(Number),
        ]),
      ),
    })
    .from(cases)
    .groupBy(cases.category);
  return days.map(
    (_, i) =>
      new Map(rows.map((row) => [row.category as string, Number((row as Raw)[`n${i}`] ?? 0)])),
  );
}

/**
 * Open cases now, by status and by assignee, from the kept counts (case_counts, as the cases
 * list's own total reads them): a few rows rather than every case.
 */
export async function openCaseCounts(db: Executor) {
  return db
    .select({ status: caseCounts.status, assigneeId: caseCounts.assigneeId, n: caseCounts.n })
    .from(caseCounts)
    .where(and(ne(caseCounts.status, 'closed'), sql`${caseCounts.n} > 0`));
}

/** Cases opened, or closed, in `range`, by Nairobi month. */
export async function casesPerMonth(
  db: Executor,
  range: DayRange,
  which: 'opened' | 'closed',
): Promise<Map<string, number>> {
  const column = which === 'opened' ? cases.createdAt : cases.closedAt;
  const query: ListCasesQuery =
    which === 'opened'
      ? { openedFrom: range.from, openedTo: range.to }
      : { closedFrom: range.from, closedTo: range.to };
  const month = nairobiMonth(column);
  const rows = await db
    .select({ month, n: countAll() })
    .from(cases)
    .where(caseWhere(query))
    .groupBy(month);
  return new Map(rows.map((row) => [row.month, row.n]));
}

/** The median age in days of the cases open now, and how many were opened by each day given. */
export async function openCaseAges(
  db: Executor,
  now: Date,
  openedBy: readonly string[],
): Promise<{ medianDays: number | null; total: number; openedBy: number[] }> {
  const [row] = await db
    .select({
      total: countAll(),
      median: sql<
        string | null
        // date_part gives a float: extract's numeric made the sort twice as slow.
      >`percentile_cont(0.5) within group (order by date_part('epoch', ${now.toISOString()}::timestamptz - ${cases.createdAt}) / 86400)`,
      ...Object.fromEntries(
        openedBy.map((day, i) => [
          `n${i}`,
          sql<number>`count(*) filter (where ${cases.createdAt} < ${nairobiDays(day, day).to!.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        ]),
      ),
    })
    .from(cases)
    .where(caseWhere({ status: 'open' }));
  const raw = row as Raw | undefined;
  return {
    medianDays:
      raw?.median === null || raw?.median === undefined ? null : Math.round(Number(raw.median)),
    total: count(raw?.total),
    openedBy: openedBy.map((_, i) => count(raw?.[`n${i}`])),
  };
}

/**
 * Cases with a court date in each week `[from, to]`, in one query over the court dates of all the
 * weeks (cases_court_date_idx): each count filtered by the list's own court-date clause.
 */
export async function courtDatesPerWeek(db: Executor, weeks: readonly DayRange[]) {
  if (weeks.length === 0) return [];
  const [row] = await db
    .select(
      Object.fromEntries(
        weeks.map((week, i) => [
          `n${i}`,
          sql<number>`count(*) filter (where ${caseWhere({ courtFrom: week.from, courtTo: week.to })})`.mapWith(
            Number,
          ),
        ]),
      ),
    )
    .from(cases)
    .where(caseWhere({ courtFrom: weeks[0]!.from, courtTo: weeks.at(-1)!.to }));
  return weeks.map((_, i) => Number((row as Raw | undefined)?.[`n${i}`] ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Appointments

const appointmentWhere = (query: ListAppointmentsQuery) =>
  appointmentListConditions({}, listAppointmentsQuerySchema.parse(query));

/** Appointments dated in `range`, by Nairobi month and status. */
export async function appointmentsPerMonth(db: Executor, range: DayRange) {
  const month = nairobiMonth(appointments.startsAt);
  return db
    .select({ month, status: appointments.status, n: countAll() })
    .from(appointments)
    .where(appointmentWhere({ from: range.from, to: range.to }))
    .groupBy(month, appointments.status);
}

/** Appointments matching the list's filters, by type or by advocate. */
export async function appointmentsBy(
  db: Executor,
  query: ListAppointmentsQuery,
  column: 'type' | 'advocate',
): Promise<Map<string | null, number>> {
  const key = column === 'type' ? appointments.type : appointments.advocateId;
  const rows = await db
    .select({ key, n: countAll() })
    .from(appointments)
    .where(appointmentWhere(query))
    .groupBy(key);
  return new Map(rows.map((row) => [row.key, row.n]));
}

export async function countAppointments(db: Executor, query: ListAppointmentsQuery) {
  const [row] = await db
    .select({ n: countAll() })
    .from(appointments)
    .where(appointmentWhere(query));
  return row?.n ?? 0;
}

/** Appointments that took up diary time in `range` (not cancelled), of the advocates given. */
export async function appointmentsTakingTime(
  db: Executor,
  range: DayRange,
  advocateIds: readonly string[],
): Promise<number> {
  if (advocateIds.length === 0) return 0;
  const { from, to } = asInstants(range);
  const [row] = await db
    .select({ n: countAll() })
    .from(appointments)
    .where(
      and(
        sql`${appointments.startsAt} >= ${from.toISOString()}::timestamptz`,
        sql`${appointments.startsAt} < ${to.toISOString()}::timestamptz`,
        ne(appointments.status, 'cancelled'),
        inArray(appointments.advocateId, [...advocateIds]),
      ),
    );
  return row?.n ?? 0;
}

/** Sum of the fees of the appointments matching the list's filters. */
export async function appointmentFees(db: Executor, query: ListAppointmentsQuery) {
  const [row] = await db
    .select({ ksh: sql<number>`coalesce(sum(${appointments.feeKsh}), 0)`.mapWith(Number) })
    .from(appointments)
    .where(appointmentWhere(query));
  return row?.ksh ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Enquiries

const enquiryWhere = (query: ListEnquiriesQuery) =>
  enquiryListConditions(listEnquiriesQuerySchema.parse(query));

/** Enquiries received in `range`, by kind, by urgency, and those that became clients. */
export async function enquiryCounts(db: Executor, range: DayRange) {
  const result = await db.execute(sql`select e.kind, e.urgency, count(*) as n,
      count(*) filter (where e.client_id is not null) as converted
    from ${ENQUIRY_INBOX} where ${enquiryWhere({ from: range.from, to: range.to })}
    group by e.kind, e.urgency`);
  return rowsOf(result).map((raw) => ({
    kind: raw.kind as string,
    urgency: raw.urgency as string,
    n: count(raw.n),
    converted: count(raw.converted),
  }));
}

/**
 * Hours from an enquiry's arrival to the firm's first act on it (its handling row is made then:
 * a status, a note or a new client), median and 90th percentile, of those received in `range`.
 */
export async function enquiryResponseHours(db: Executor, range: DayRange) {
  const result = await db.execute(sql`select
      percentile_cont(0.5) within group (order by hours) as median,
      percentile_cont(0.9) within group (order by hours) as p90,
      count(*) as answered
    from (
      select date_part('epoch', e.handled_at - e.received_at) / 3600 as hours
      from ${ENQUIRY_INBOX}
      where e.handled_at is not null and ${enquiryWhere({ from: range.from, to: range.to })}
    ) answered`);
  const raw = rowsOf(result)[0] ?? {};
  return {
    median: hoursOrNull(raw.median),
    p90: hoursOrNull(raw.p90),
    answered: count(raw.answered),
  };
}

// ---------------------------------------------------------------------------------------------
// Client service

/**
 * For each client message that starts a wait (the conversation's first, or the first after the
 * firm's answer) sent in `range`, the hours until the firm's next message, and who sent it:
 * the median per member of staff and for the whole firm. A wait not yet answered is not counted.
 */
export async function answerHours(db: Executor, range: DayRange) {
  const { from, to } = asInstants(range);
  const result = await db.execute(sql`with waits as (
      select m.conversation_id, m.created_at, m.id from (
        select w.*, lag(w.from_client) over (partition by w.conversation_id order by w.created_at, w.id) as previous_from_client
        from ${messages} w
      ) m
      where m.from_client and m.previous_from_client is distinct from true
        and m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
    ), answered as (
      select a.sender_id, extract(epoch from a.created_at - waits.created_at) / 3600 as hours
      from waits
      join lateral (
        select r.sender_id, r.created_at from ${messages} r
        where r.conversation_id = waits.conversation_id and not r.from_client and r.created_at > waits.created_at
        order by r.created_at, r.id limit 1
      ) a on true
    )
    select sender_id, grouping(sender_id) as whole_firm,
      percentile_cont(0.5) within group (order by hours) as median, count(*) as n
    from answered group by grouping sets ((sender_id), ())`);
  return rowsOf(result).map((raw) => ({
    // The grouping set () is the whole firm; a sender whose account is gone reads null otherwise.
    wholeFirm: count(raw.whole_firm) === 1,
    senderId: (raw.sender_id as string | null) ?? null,
    median: hoursOrNull(raw.median),
    n: count(raw.n),
  }));
}

/** Conversations whose client has waited since before `since` (the messages list's filter). */
export async function waitingConversations(db: Executor, since: Date): Promise<number> {
  const [row] = await db.select({ n: countAll() }).from(conversations).where(waitingSince(since));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Money

type ListFeeNotesQuery = z.input<typeof listFeeNotesQuerySchema>;
type ListPaymentsQuery = z.input<typeof listPaymentsQuerySchema>;

/** Staff's view of fee notes: every client's, drafts too (a status filter leaves them out). */
const STAFF_SCOPE = { withDrafts: true };

const feeNoteWhere = (query: ListFeeNotesQuery & { client?: string }, today: string) => {
  const { client, ...rest } = query;
  return feeNoteListConditions(
    { ...listFeeNotesQuerySchema.parse({ ...rest, clientId: client }), today },
    STAFF_SCOPE,
  );
};

/** Fee notes matching the list's filters: how many, their totals and what is still owed. */
export async function feeNoteSums(
  db: Executor,
  query: ListFeeNotesQuery & { client?: string },
  today: string,
) {
  const [row] = await db
    .select({
      n: countAll(),
      totalKsh: sql<number>`coalesce(sum(${feeNotes.totalKsh}), 0)`.mapWith(Number),
      owedKsh: sql<number>`coalesce(sum(${feeNotes.totalKsh} - ${feeNotes.paidKsh}), 0)`.mapWith(
        Number,
      ),
    })
    .from(feeNotes)
    .where(feeNoteWhere(query, today));
  return row ?? { n: 0, totalKsh: 0, owedKsh: 0 };
}

/** What is owed on fee notes now, by client, largest first. */
export async function owedByClient(db: Executor, limit: number) {
  const owed = sql<number>`sum(${feeNotes.totalKsh} - ${feeNotes.paidKsh})`.mapWith(Number);
  return db
    .select({ clientId: feeNotes.clientId, owedKsh: owed })
    .from(feeNotes)
    .where(inArray(feeNotes.status, ['issued', 'partly_paid']))
    .groupBy(feeNotes.clientId)
    .orderBy(sql`2 desc`, feeNotes.clientId)
    .limit(limit);
}

const paymentWhere = (query: ListPaymentsQuery) =>
  paymentListConditions(listPaymentsQuerySchema.parse(query), {});

/** Money received in `range` (succeeded payments: only those have a received time), by method. */
export async function collectedByMethod(db: Executor, range: DayRange) {
  const rows = await db
    .select({
      method: payments.method,
      ksh: sql<number>`sum(${payments.amountKsh})`.mapWith(Number),
    })
    .from(payments)
    .where(paymentWhere({ from: range.from, to: range.to }))
    .groupBy(payments.method);
  return new Map(rows.map((row) => [row.method as string, row.ksh]));
}
