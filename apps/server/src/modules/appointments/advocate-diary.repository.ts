import { and, desc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
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
 * The live appointments that overlap [from, to), for the advocates given (all when none):
 * one indexed range scan per day asked (appointments_advocate_starts_at_idx).
 */
export async function busyRanges(
  db: Executor,
  from: Date,
  to: Date,
  options: { advocateIds?: string[]; excludeId?: string; now?: Date } = {},
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
  return rows.filter((row): row is BusyRange => row.advocateId !== null);
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
