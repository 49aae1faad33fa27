import { and, desc, eq, gt, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, cases, users } from '../../db/schema';
import { bookableAdvocates, isBookableAdvocate } from '../users/user-lookups.repository';
import { holdNotExpired } from './visitor-holds.repository';

/** The advocates' diaries: who is busy when, and whom to offer a booking to. */

export interface BusyRange {
  advocateId: string;
  startsAt: Date;
  endsAt: Date;
}

/** A live appointment (not cancelled, not a hold that ran out) overlapping [from, to). */
const busyBetween = (
  from: Date,
  to: Date,
  options: { excludeId?: string | undefined; now?: Date | undefined },
) =>
  and(
    ne(appointments.status, 'cancelled'),
    holdNotExpired(options.now ?? new Date()),
    lt(appointments.startsAt, to),
    gt(appointments.endsAt, from),
    options.excludeId ? ne(appointments.id, options.excludeId) : undefined,
  );

/**
 * How long an advocate's court date keeps them from the office (ADR 025): the travel time the firm
 * set before the hearing, and the hearing (a court appearance's duration) plus the travel after.
 */
export interface CourtBlock {
  beforeMinutes: number;
  afterMinutes: number;
}

const MINUTE_MS = 60_000;

/**
 * The court dates of open cases assigned to the advocates given, as busy ranges overlapping
 * [from, to) once widened by `block`. (Read here: the appointments module does not import the
 * cases module.)
 */
export async function courtRanges(
  db: Executor,
  from: Date,
  to: Date,
  block: CourtBlock,
  advocateIds?: string[],
): Promise<BusyRange[]> {
  if (advocateIds?.length === 0) return [];
  const rows = await db
    .select({ advocateId: cases.assigneeId, courtDate: cases.courtDate })
    .from(cases)
    .where(
      and(
        ne(cases.status, 'closed'),
        isNotNull(cases.assigneeId),
        lt(cases.courtDate, new Date(to.getTime() + block.beforeMinutes * MINUTE_MS)),
        gt(cases.courtDate, new Date(from.getTime() - block.afterMinutes * MINUTE_MS)),
        advocateIds ? inArray(cases.assigneeId, advocateIds) : undefined,
      ),
    );
  return rows.flatMap((row) =>
    row.advocateId && row.courtDate
      ? [
          {
            advocateId: row.advocateId,
            startsAt: new Date(row.courtDate.getTime() - block.beforeMinutes * MINUTE_MS),
            endsAt: new Date(row.courtDate.getTime() + block.afterMinutes * MINUTE_MS),
          },
        ]
      : [],
  );
}

/**
 * The live appointments that overlap [from, to), for the advocates given (all when none):
 * one indexed range scan per day asked (appointments_advocate_starts_at_idx).
 */
export async function busyRanges(
  db: Executor,
  from: Date,
  to: Date,
  options: { advocateIds?: string[]; excludeId?: string; now?: Date; court?: CourtBlock } = {},
): Promise<BusyRange[]> {
  const rows = await db
    .select({
      advocateId: appointments.advocateId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(
      and(
        busyBetween(from, to, options),
        options.advocateIds ? inArray(appointments.advocateId, options.advocateIds) : undefined,
      ),
    );
  const booked = rows.filter((row): row is BusyRange => row.advocateId !== null);
  return options.court
    ? [...booked, ...(await courtRanges(db, from, to, options.court, options.advocateIds))]
    : booked;
}

/**
 * One day's diary in one round trip: the bookable advocates (all, or the one asked for) and
 * their live appointments overlapping [from, to). Availability asks this on every calendar click.
 */
export async function diaryOfDay(
  db: Executor,
  from: Date,
  to: Date,
  options: {
    advocateId?: string | undefined;
    excludeId?: string | undefined;
    now?: Date | undefined;
    /** Their court dates count too, so widened (ADR 025). */
    court?: CourtBlock | undefined;
  } = {},
): Promise<{ advocateIds: string[]; busy: BusyRange[] }> {
  const rows = await db
    .select({
      advocateId: users.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(users)
    .leftJoin(
      appointments,
      and(eq(appointments.advocateId, users.id), busyBetween(from, to, options)),
    )
    .where(
      and(isBookableAdvocate(), options.advocateId ? eq(users.id, options.advocateId) : undefined),
    );
  const advocateIds = [...new Set(rows.map((row) => row.advocateId))];
  const busy = rows.flatMap((row) =>
    row.startsAt && row.endsAt
      ? [{ advocateId: row.advocateId, startsAt: row.startsAt, endsAt: row.endsAt }]
      : [],
  );
  if (options.court) busy.push(...(await courtRanges(db, from, to, options.court, advocateIds)));
  return { advocateIds, busy };
}

/**
 * The advocates to offer a booking to, best first, for a client (null: a visitor) on the day
 * [dayStart, dayEnd): the advocates assigned to the client's open cases, most recently active case
 * first (they know the matter), then the other active verified advocates with the fewest live
 * appointments that day.
 */
export async function preferredAdvocates(
  db: Executor,
  clientId: string | null,
  dayStart: Date,
  dayEnd: Date,
  now?: Date,
): Promise<{ id: string; name: string }[]> {
  const [advocates, busy, caseAdvocates] = await Promise.all([
    bookableAdvocates(db),
    busyRanges(db, dayStart, dayEnd, now ? { now } : {}),
    clientId ? caseAdvocateIds(db, clientId) : Promise.resolve([]),
  ]);
  const load = new Map<string, number>();
  for (const range of busy) load.set(range.advocateId, (load.get(range.advocateId) ?? 0) + 1);
  const caseRank = new Map(caseAdvocates.map((id, index) => [id, index]));
  const rank = (id: string) => caseRank.get(id) ?? caseAdvocates.length;
  // A stable sort: equal ranks and loads keep the oldest account first.
  return [...advocates].sort(
    (a, b) => rank(a.id) - rank(b.id) || (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0),
  );
}

/**
 * Who is assigned to the client's cases that are not closed, most recently updated first. (Read
 * here: the appointments module does not import the cases module.)
 */
async function caseAdvocateIds(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ assigneeId: cases.assigneeId, updatedAt: cases.updatedAt })
    .from(cases)
    .where(and(eq(cases.clientId, clientId), ne(cases.status, 'closed')))
    .orderBy(desc(cases.updatedAt));
  return [...new Set(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))];
}
