import {
  CALENDAR_FEED_TEXTS as T,
  COURT_DATE_CALENDAR_MINUTES,
  FIRM_IDENTITY,
  LIVE_APPOINTMENT_STATUSES,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  isAdvocateAccount,
  isClientAccount,
} from '@firm/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { appointments, calendarFeeds, users, type UserRow } from '../../db/schema';
import { generateToken, hashToken } from '../../lib/tokens';
import { personalFeedCalendar } from '../appointments/appointment-calendar';
import { toAppointment } from '../appointments/appointment-serializer';
import { courtDatesFor } from './court-dates.service';

/**
 * Private calendar feeds (ADR 025): one secret address per person, kept as its
 * SHA-256. The feed holds what that person's own diary shows: a client their appointments and
 * their open cases' court dates; an advocate the appointments booked with them and the court
 * dates of the cases assigned to them; an admin the firm's diary, and court dates only with
 * canOpenFiles. A feed reaches back a little and forward a year.
 */
const PAST_DAYS = 30;
const FUTURE_DAYS = 366;
const MAX_ENTRIES = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

export async function calendarFeedStatus(db: Executor, user: UserRow): Promise<CalendarFeedStatus> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { active: !!row, createdAt: row ? row.createdAt.toISOString() : null };
}

/** Creates the feed, or replaces its address (the old one stops at once). */
export async function createCalendarFeed(
  db: Executor,
  user: UserRow,
  publicUrl: string,
): Promise<CalendarFeedCreated> {
  const token = generateToken();
  const now = new Date();
  const [existing] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, user.id));
  await db
    .insert(calendarFeeds)
    .values({ userId: user.id, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: now },
    });
  return {
    active: true,
    createdAt: now.toISOString(),
    url: `${publicUrl}${feedPath(token)}`,
    message: existing ? T.replaced : T.created,
  };
}

export async function revokeCalendarFeed(db: Executor, user: UserRow): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
}

/** The owner of a feed token, if the token is live and its owner active; undefined otherwise. */
async function feedOwner(db: Executor, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.isActive, true)));
  return row?.user;
}

/** `<token>.ics` → the calendar text, or undefined (the route answers 404, whatever was wrong). */
export async function calendarFeedFile(
  db: Db,
  file: string,
  publicUrl: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file);
  if (!match) return undefined;
  const user = await feedOwner(db, match[1]!);
  if (!user) return undefined;
  const from = new Date(now.getTime() - PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FUTURE_DAYS * DAY_MS);
  const isClient = isClientAccount(user);
  const advocate = sql<
    string | null
  >`(select a.first_name || ' ' || a.last_name from ${users} a where a.id = ${appointments.advocateId})`;
  const appointmentRows = await db
    .select({ appointment: appointments, advocateName: advocate })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        isClient ? eq(appointments.clientId, user.id) : undefined,
        isAdvocateAccount(user) ? eq(appointments.advocateId, user.id) : undefined,
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(MAX_ENTRIES);
  const courtRows = await courtDatesFor(db, user, {
    from,
    to,
    ...(isAdvocateAccount(user) ? { assigneeId: user.id } : {}),
    limit: MAX_ENTRIES,
  });
  return personalFeedCalendar(
    {
      appointments: appointmentRows.map(({ appointment, advocateName }) => {
        const view = toAppointment({ ...appointment, advocateName });
        return { ...view, client: isClient ? null : view.client };
      }),
      courtDates: courtRows.map((row) => ({
        ...row,
        clientName: isClient ? null : row.clientName,
      })),
    },
    {
      firmName: FIRM_IDENTITY.name,
      uidDomain: new URL(publicUrl).hostname,
      calendarName: T.calendarName(FIRM_IDENTITY.name),
      portalUrl: publicUrl,
      courtMinutes: COURT_DATE_CALENDAR_MINUTES,
      courtSummary: T.courtEventSummary,
    },
  );
}
