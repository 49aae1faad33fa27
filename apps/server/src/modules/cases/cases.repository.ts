import type { CaseSort, ListCasesFilters, PartyRole } from '@firm/shared';
import { CASE_UNASSIGNED, FIRM_TIME_ZONE } from '@firm/shared';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import {
  caseDocuments,
  caseEvents,
  caseNotes,
  caseNumberCounters,
  caseCounts,
  caseParties,
  cases,
  users,
  type CaseRow,
  type NewCaseRow,
} from '../../db/schema';
import { clientIdsNamed, searchActiveClients } from '../users/user-lookups.repository';
import { fullName, listActiveStaff } from '../users/users.repository';

/**
 * Which cases a caller may see. The service decides it from `can()`; every query here puts it in
 * its WHERE clause, so a client's request can never reach another client's row (it is simply not
 * found: 404, never 403), and `clientView` hides internal notes, documents and events.
 */
export interface CaseScope {
  /** Only this client's cases (a client's own view). */
  clientId?: string;
  /** A client's view: internal notes, documents and timeline entries are left out. */
  clientView: boolean;
}

const assignee = aliasedTable(users, 'assignee');
const client = aliasedTable(users, 'client');

export function scopeCondition(scope: CaseScope): SQL | undefined {
  return scope.clientId ? eq(cases.clientId, scope.clientId) : undefined;
}

function countsFor(scope: CaseScope) {
  const shared = scope.clientView;
  return {
    documentCount:
      sql<number>`(select count(*) from ${caseDocuments} d where d.case_id = ${cases.id}${shared ? sql` and d.visible_to_client` : sql``})`.mapWith(
        Number,
      ),
    noteCount:
      sql<number>`(select count(*) from ${caseNotes} n where n.case_id = ${cases.id}${shared ? sql` and n.visible_to_client` : sql``})`.mapWith(
        Number,
      ),
  };
}

export type CaseListRow = CaseRow & {
  clientName: string;
  assigneeName: string | null;
  documentCount: number;
  noteCount: number;
};

/** Calendar day `date` (YYYY-MM-DD) in Nairobi, as the instant it starts. */
const nairobiDayStart = (date: string) =>
  sql`(${date}::date)::timestamp at time zone ${FIRM_TIME_ZONE}`;

/**
 * The WHERE clause of the cases list: the Reports count with it, so a figure and the list it
 * links to are the same cases by construction.
 */
export function caseListConditions(
  scope: CaseScope,
  filters: ListCasesFilters,
  namedClientIds: string[],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filters.status === 'open') conditions.push(ne(cases.status, 'closed'));
  else if (filters.status) conditions.push(eq(cases.status, filters.status));
  if (filters.priority) conditions.push(eq(cases.priority, filters.priority));
  if (filters.category) conditions.push(eq(cases.category, filters.category));
  if (filters.assignee === CASE_UNASSIGNED) conditions.push(isNull(cases.assigneeId));
  else if (filters.assignee) conditions.push(eq(cases.assigneeId, filters.assignee));
  if (filters.client) conditions.push(eq(cases.clientId, filters.client));
  if (filters.courtFrom)
    conditions.push(sql`${cases.courtDate} >= ${nairobiDayStart(filters.courtFrom)}`);
  if (filters.courtTo) {
    conditions.push(
      sql`${cases.courtDate} < ${nairobiDayStart(filters.courtTo)} + interval '1 day'`,
    );
  }
  for (const [column, from, to] of [
    [cases.createdAt, filters.openedFrom, filters.openedTo],
    [cases.closedAt, filters.closedFrom, filters.closedTo],
  ] as const) {
    if (from) conditions.push(sql`${column} >= ${nairobiDayStart(from)}`);
    if (to) conditions.push(sql`${column} < ${nairobiDayStart(to)} + interval '1 day'`);
  }
  if (filters.openOn) {
    // Open at the day's end: opened by then and not closed by then. A case reopened since has no
    // closing date, so it counts as open on the days it was closed (docs/product-rules.md#reports).
    const dayEnd = sql`${nairobiDayStart(filters.openOn)} + interval '1 day'`;
    conditions.push(
      sql`${cases.createdAt} < ${dayEnd}`,
      sql`(${cases.closedAt} is null or ${cases.closedAt} >= ${dayEnd})`,
    );
  }
  if (filters.search) {
    // The expression of cases_search_trgm_idx; the named clients' cases come from
    // cases_client_updated_idx (a bitmap OR).
    const text = sql`(${cases.caseNumber} || ' ' || ${cases.title} || ' ' || coalesce(${cases.courtCaseNumber}, '')) ilike ${likePattern(filters.search)}`;
    conditions.push(
      namedClientIds.length > 0 ? or(text, inArray(cases.clientId, namedClientIds)) : text,
    );
  }
  return and(...conditions);
}

function orderFor(sort: CaseSort): SQL[] {
  switch (sort) {
    case 'created':
      return [desc(cases.createdAt), desc(cases.id)];
    case 'court_date':
      return [sql`${cases.courtDate} asc nulls last`, desc(cases.id)];
    case 'case_number':
      return [desc(cases.caseNumber)];
    default:
      return [desc(cases.updatedAt), desc(cases.id)];
  }
}

const listColumns = (scope: CaseScope) => ({
  case: cases,
  clientName: sql<string>`${fullName(client)}`,
  assigneeName: sql<
    string | null
  >`case when ${assignee.id} is null then null else ${fullName(assignee)} end`,
  ...countsFor(scope),
});

function flatten(row: {
  case: CaseRow;
  clientName: string;
  assigneeName: string | null;
  documentCount: number;
  noteCount: number;
}): CaseListRow {
  return {
    ...row.case,
    clientName: row.clientName,
    assigneeName: row.assigneeName,
    documentCount: row.documentCount,
    noteCount: row.noteCount,
  };
}

/** One page of the cases in scope matching the filters, and how many match. */
export async function listCases(
  db: Executor,
  scope: CaseScope,
  filters: ListCasesFilters,
): Promise<{ rows: CaseListRow[]; total: number }> {
  const namedClientIds = filters.search
    ? await clientIdsNamed(db, likePattern(filters.search))
    : [];
  const where = caseListConditions(scope, filters, namedClientIds);
  const { rows, total } = await rowsAndTotal(
    db
      .select(listColumns(scope))
      .from(cases)
      .innerJoin(client, eq(client.id, cases.clientId))
      .leftJoin(assignee, eq(assignee.id, cases.assigneeId))
      .where(where)
      .orderBy(...orderFor(filters.sort))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    isWholeFirm(scope, filters)
      ? db
          .select({ total: sql<number>`coalesce(sum(${caseCounts.n}), 0)`.mapWith(Number) })
          .from(caseCounts)
          .where(
            filters.status === 'open'
              ? ne(caseCounts.status, 'closed')
              : filters.status
                ? eq(caseCounts.status, filters.status)
                : undefined,
          )
      : db.select({ total: countAll() }).from(cases).where(where),
  );
  return { rows: rows.map(flatten), total };
}

/**
 * Staff looking at every case, or every case with one status: the total is the kept count
 * (case_counts) rather than a count of the whole table. Other filters narrow the cases to
 * those an index finds, and are counted.
 */
function isWholeFirm(scope: CaseScope, filters: ListCasesFilters): boolean {
  return (
    !scope.clientId &&
    !filters.search &&
    !filters.priority &&
    !filters.category &&
    !filters.assignee &&
    !filters.client &&
    !filters.courtFrom &&
    !filters.courtTo &&
    !filters.openedFrom &&
    !filters.openedTo &&
    !filters.closedFrom &&
    !filters.closedTo &&
    !filters.openOn
  );
}

/** The case with this id if it is in scope (undefined otherwise: the caller answers 404). */
export async function findCaseInScope(
  db: Executor,
  scope: CaseScope,
  id: string,
): Promise<CaseListRow | undefined> {
  const [row] = await db
    .select(listColumns(scope))
    .from(cases)
    .innerJoin(client, eq(client.id, cases.clientId))
    .leftJoin(assignee, eq(assignee.id, cases.assigneeId))
    .where(and(eq(cases.id, id), scopeCondition(scope)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The case row locked for the rest of the transaction (changes happen one after the other). */
export async function lockCaseInScope(
  tx: Executor,
  scope: CaseScope,
  id: string,
): Promise<CaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), scopeCondition(scope)))
    .limit(1)
    .for('update');
  return row;
}

export async function nextCaseSequence(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(caseNumberCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({
      target: caseNumberCounters.year,
      set: { lastValue: sql`${caseNumberCounters.lastValue} + 1` },
    })
    .returning({ lastValue: caseNumberCounters.lastValue });
  return row!.lastValue;
}

export async function insertCase(tx: Executor, values: NewCaseRow): Promise<CaseRow> {
  const [row] = await tx.insert(cases).values(values).returning();
  return row!;
}

/**
 * Applies `changes` only if the case is still at `version`; answers the new row, or undefined when
 * someone else changed it first.
 */
export async function updateCaseAtVersion(
  tx: Executor,
  id: string,
  version: number,
  changes: Partial<NewCaseRow>,
): Promise<CaseRow | undefined> {
  const [row] = await tx
    .update(cases)
    .set({ ...changes, version: sql`${cases.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cases.id, id), eq(cases.version, version)))
    .returning();
  return row;
}

/**
 * A note or a document moves the case up "recent cases". Its version stays: someone changing the
 * case's fields at the same time is not editing anything a note or an upload changed.
 */
export async function touchCase(tx: Executor, id: string): Promise<void> {
  await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, id));
}

export async function deleteCaseRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(cases).where(eq(cases.id, id));
}

export async function insertParties(
  tx: Executor,
  caseId: string,
  parties: { role: PartyRole; name: string; contact?: string | null }[],
): Promise<void> {
  if (parties.length === 0) return;
  await tx
    .insert(caseParties)
    .values(
      parties.map((p) => ({ caseId, role: p.role, name: p.name, contact: p.contact ?? null })),
    );
}

export async function insertEvent(
  tx: Executor,
  values: typeof caseEvents.$inferInsert,
): Promise<void> {
  await tx.insert(caseEvents).values(values);
}

/** The New Case modal's pickers: active clients matching `search`, and every active member of staff. */
export async function listCasePeople(db: Executor, search: string | undefined) {
  const [clients, assignees] = await Promise.all([
    searchActiveClients(db, search),
    listActiveStaff(db),
  ]);
  return { clients, assignees };
}

/** Cases naming the user as client or assignee (an account that cannot be deleted). */
/** Every case of one client, oldest first. */
export async function caseIdsOfClient(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(eq(cases.clientId, clientId))
    .orderBy(asc(cases.createdAt), asc(cases.id));
  return rows.map((row) => row.id);
}

export async function countCasesOfUser(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cases)
    .where(sql`${cases.clientId} = ${userId} or ${cases.assigneeId} = ${userId}`);
  return row?.n ?? 0;
}

/** One of `clientId`'s cases, with what `can()` needs to say whether the caller may see it. */
export async function findCaseOfClient(
  db: Executor,
  caseId: string,
  clientId: string,
): Promise<{ id: string; clientId: string; assigneeId: string | null } | undefined> {
  const [row] = await db
    .select({ id: cases.id, clientId: cases.clientId, assigneeId: cases.assigneeId })
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.clientId, clientId)))
    .limit(1);
  return row;
}

export async function findAssignee(db: Executor, caseId: string): Promise<string | null> {
  const [row] = await db
    .select({ assigneeId: cases.assigneeId })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.assigneeId))
    .where(and(eq(cases.id, caseId), eq(users.isActive, true)))
    .limit(1);
  return row?.assigneeId ?? null;
}
