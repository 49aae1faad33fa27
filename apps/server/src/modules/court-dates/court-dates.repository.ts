import {
  aliasedTable,
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cases, users, type CaseRow } from '../../db/schema';

const assignee = aliasedTable(users, 'assignee');
const client = aliasedTable(users, 'client');

export interface CourtDateRow {
  caseId: string;
  caseNumber: string;
  caseTitle: string;
  court: string | null;
  courtCaseNumber: string | null;
  courtDate: Date;
  status: CaseRow['status'];
  clientId: string;
  clientName: string;
  assigneeId: string | null;
  assigneeName: string | null;
}

export interface CourtDateFilters {
  /** A client's own cases only (the scope goes into the WHERE clause, as cases.repository's). */
  clientId?: string;
  assigneeId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
}

/** Open cases' court dates in range, soonest first. */
export async function listCourtDateRows(
  db: Executor,
  filters: CourtDateFilters,
): Promise<CourtDateRow[]> {
  const rows: (Omit<CourtDateRow, 'courtDate'> & { courtDate: Date | null })[] = await db
    .select({
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      court: cases.court,
      courtCaseNumber: cases.courtCaseNumber,
      courtDate: cases.courtDate,
      status: cases.status,
      clientId: cases.clientId,
      clientName: sql<string>`${client.firstName} || ' ' || ${client.lastName}`,
      assigneeId: cases.assigneeId,
      assigneeName: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
    })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.clientId))
    .leftJoin(assignee, eq(assignee.id, cases.assigneeId))
    .where(
      and(
        isNotNull(cases.courtDate),
        ne(cases.status, 'closed'),
        filters.clientId ? eq(cases.clientId, filters.clientId) : undefined,
        filters.assigneeId ? eq(cases.assigneeId, filters.assigneeId) : undefined,
        filters.from ? gte(cases.courtDate, filters.from) : undefined,
        filters.to ? lt(cases.courtDate, filters.to) : undefined,
      ),
    )
    .orderBy(asc(cases.courtDate), asc(cases.id))
    .limit(filters.limit);
  // The WHERE clause keeps only rows with a court date; the column's type does not know it.
  return rows.map((row) => ({ ...row, courtDate: row.courtDate ?? new Date(0) }));
}

/**
 * Claims the court dates whose day-before reminder is due at `now`: selected and marked in one
 * statement (rows another process holds are skipped), so each reminder is claimed once however
 * many server processes share the database (as appointments' claimDueReminders).
 */
export async function claimDueCourtReminders(
  tx: Executor,
  now: Date,
  windowMs: number,
): Promise<CaseRow[]> {
  const due = tx
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        isNotNull(cases.courtDate),
        isNull(cases.courtReminderSentAt),
        ne(cases.status, 'closed'),
        gt(cases.courtDate, now),
        lt(cases.courtDate, new Date(now.getTime() + windowMs)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  return tx
    .update(cases)
    .set({ courtReminderSentAt: now })
    .where(and(inArray(cases.id, due), isNull(cases.courtReminderSentAt)))
    .returning();
}
