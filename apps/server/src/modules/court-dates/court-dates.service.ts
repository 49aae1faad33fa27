import {
  can,
  isCourtDateForClient,
  nairobiDateTime,
  nairobiDays,
  seesAsClient,
  type DiaryCourtDate,
  type CourtDateList,
  type ListCourtDatesQuery,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { listCourtDateRows, type CourtDateRow } from './court-dates.repository';

/** At most this many court dates in one answer (a week of a busy firm fits well within it). */
const MAX_COURT_DATES = 200;

/**
 * Who sees which court dates (ADR 025), as they see the cases: staff with `cases:view`
 * every open case's (an advocate's own diary narrows to their cases); a client their own open
 * cases' (client-view.ts); an admin without canOpenFiles none. The scope goes into the query.
 */
export async function courtDatesFor(
  db: Executor,
  user: UserRow,
  range: { from?: Date; to?: Date; assigneeId?: string; limit?: number },
): Promise<CourtDateRow[]> {
  if (!can(user, 'court-dates:view')) return [];
  const isClient = seesAsClient(user);
  const rows = await listCourtDateRows(db, {
    ...(isClient ? { clientId: user.id } : {}),
    ...(!isClient && range.assigneeId ? { assigneeId: range.assigneeId } : {}),
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    limit: range.limit ?? MAX_COURT_DATES,
  });
  return isClient ? rows.filter((row) => isCourtDateForClient(user, row)) : rows;
}

/** A court date as `viewer` may read it: a client's own entry does not name them back. */
export function courtDateAsSeenBy(viewer: UserRow, row: CourtDateRow): DiaryCourtDate {
  const { date, time } = nairobiDateTime(row.courtDate);
  return {
    caseId: row.caseId,
    caseNumber: row.caseNumber,
    caseTitle: row.caseTitle,
    court: row.court,
    courtCaseNumber: row.courtCaseNumber,
    courtDate: row.courtDate.toISOString(),
    date,
    time,
    clientName: seesAsClient(viewer) ? null : row.clientName,
    assigneeName: row.assigneeName,
  };
}

/** GET /api/court-dates */
export async function listCourtDates(
  db: Executor,
  user: UserRow,
  query: ListCourtDatesQuery,
): Promise<CourtDateList> {
  const days = nairobiDays(query.from, query.to);
  const rows = await courtDatesFor(db, user, {
    ...(days.from ? { from: days.from } : {}),
    ...(days.to ? { to: days.to } : {}),
    ...(query.assigneeId ? { assigneeId: query.assigneeId } : {}),
  });
  return { courtDates: rows.map((row) => courtDateAsSeenBy(user, row)) };
}
