import type { ListAppointmentsFilters } from '@firm/shared';
import { APPOINTMENT_MESSAGES, LIVE_APPOINTMENT_STATUSES, nairobiDays } from '@firm/shared';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import {
  appointmentEvents,
  appointments,
  cases,
  users,
  type AppointmentRow,
  type NewAppointmentRow,
} from '../../db/schema';

/**
 * Which appointments a caller may see: a client only their own (`clientId` in every WHERE clause,
 * so another client's answers 404); staff all.
 */
export interface AppointmentScope {
  clientId?: string;
  /** A search also matches the booked person's email: for those who may see it (ADR 021). */
  searchesEmail?: boolean;
}

export type AppointmentWithAdvocate = AppointmentRow & { advocateName: string | null };

const advocate = aliasedTable(users, 'advocate');
const advocateName = sql<string | null>`${advocate.firstName} || ' ' || ${advocate.lastName}`;

function inScope(scope: AppointmentScope): SQL | undefined {
  return scope.clientId ? eq(appointments.clientId, scope.clientId) : undefined;
}

function filterConditions(
  scope: AppointmentScope,
  filters: ListAppointmentsFilters,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(scope)];
  if (filters.status === 'live') {
    conditions.push(inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]));
  } else if (filters.status) conditions.push(eq(appointments.status, filters.status));
  // A visitor's held booking is not the firm's to confirm until the visitor confirms it.
  if (filters.awaiting === 'firm') {
    conditions.push(eq(appointments.status, 'scheduled'), isNull(appointments.holdExpiresAt));
  }
  if (filters.payment === 'paid') conditions.push(eq(appointments.paymentStatus, 'paid'));
  if (filters.payment === 'pending') {
    conditions.push(
      eq(appointments.paymentStatus, 'pending'),
      ne(appointments.status, 'cancelled'),
      sql`${appointments.feeKsh} > 0`,
    );
  }
  const starts = nairobiDays(filters.from, filters.to);
  if (starts.from) conditions.push(gte(appointments.startsAt, starts.from));
  if (starts.to) conditions.push(lt(appointments.startsAt, starts.to));
  // A day the fee was recorded as paid (appointments_paid_at_idx): only paid ones have one.
  const paid = nairobiDays(filters.paidFrom, filters.paidTo);
  if (paid.from) conditions.push(gte(appointments.paidAt, paid.from));
  if (paid.to) conditions.push(lt(appointments.paidAt, paid.to));
  if (filters.advocateId) conditions.push(eq(appointments.advocateId, filters.advocateId));
  if (filters.clientId) conditions.push(eq(appointments.clientId, filters.clientId));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      sql`(${appointments.title} ilike ${pattern} or ${appointments.description} ilike ${pattern} or (${appointments.clientFirstName} || ' ' || ${appointments.clientLastName}) ilike ${pattern}${scope.searchesEmail ? sql` or ${appointments.clientEmail} ilike ${pattern}` : sql``})`,
    );
  }
  return and(...conditions);
}

/** One page of the appointments in scope that match, by start time, and how many match. */
export async function listAppointments(
  db: Executor,
  scope: AppointmentScope,
  filters: ListAppointmentsFilters,
): Promise<{ rows: AppointmentWithAdvocate[]; total: number }> {
  const where = filterConditions(scope, filters);
  const order = filters.sort === 'desc' ? desc : asc;
  const { rows, total } = await rowsAndTotal(
    db
      .select({ appointment: appointments, advocateName })
      .from(appointments)
      .leftJoin(advocate, eq(advocate.id, appointments.advocateId))
      .where(where)
      .orderBy(order(appointments.startsAt), order(appointments.id))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    db.select({ total: countAll() }).from(appointments).where(where),
  );
  return {
    rows: rows.map((row) => ({ ...row.appointment, advocateName: row.advocateName })),
    total,
  };
}

/**
 * A person's own appointments: those of their account, and visitor bookings made with their email
 * before they had one (as "Download my data" finds their contact messages by email).
 */
export async function appointmentsOfPerson(
  db: Executor,
  userId: string,
  email: string,
): Promise<AppointmentWithAdvocate[]> {
  const rows = await db
    .select({ appointment: appointments, advocateName })
    .from(appointments)
    .leftJoin(advocate, eq(advocate.id, appointments.advocateId))
    .where(
      or(
        eq(appointments.clientId, userId),
        and(
          isNull(appointments.clientId),
          sql`lower(${appointments.clientEmail}) = lower(${email})`,
        ),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map((row) => ({ ...row.appointment, advocateName: row.advocateName }));
}

export async function findAppointment(
  db: Executor,
  id: string,
  scope: AppointmentScope = {},
): Promise<AppointmentWithAdvocate | undefined> {
  const [row] = await db
    .select({ appointment: appointments, advocateName })
    .from(appointments)
    .leftJoin(advocate, eq(advocate.id, appointments.advocateId))
    .where(and(eq(appointments.id, id), inScope(scope)));
  return row ? { ...row.appointment, advocateName: row.advocateName } : undefined;
}

/** The appointment a visitor's link names, by the token's hash. */
export async function findAppointmentByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<AppointmentWithAdvocate | undefined> {
  const [row] = await db
    .select({ appointment: appointments, advocateName })
    .from(appointments)
    .leftJoin(advocate, eq(advocate.id, appointments.advocateId))
    .where(eq(appointments.visitorTokenHash, tokenHash));
  return row ? { ...row.appointment, advocateName: row.advocateName } : undefined;
}

export async function insertAppointment(
  db: Executor,
  values: NewAppointmentRow,
): Promise<AppointmentRow> {
  const [row] = await db.insert(appointments).values(values).returning();
  return row!;
}

export async function updateAppointment(
  db: Executor,
  id: string,
  values: Partial<NewAppointmentRow>,
): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set(values)
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

export async function insertAppointmentEvent(
  db: Executor,
  event: typeof appointmentEvents.$inferInsert,
): Promise<void> {
  await db.insert(appointmentEvents).values(event);
}

/** Advocates who may take appointments: active and verified. */
export async function bookableAdvocates(
  db: Executor,
  onlyId?: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(
      and(
        eq(users.role, 'advocate'),
        eq(users.isActive, true),
        eq(users.verificationStatus, 'verified'),
        onlyId ? eq(users.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * A visitor's booking whose hold ran out never blocks a slot, even before the periodic job (or the
 * next booking) has released it (ADR 022).
 */
const holdNotExpired = (now: Date) =>
  or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now));

export interface BusyRange {
  advocateId: string;
  startsAt: Date;
  endsAt: Date;
}

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
        ne(appointments.status, 'cancelled'),
        holdNotExpired(options.now ?? new Date()),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        options.advocateIds ? inArray(appointments.advocateId, options.advocateIds) : undefined,
        options.excludeId ? ne(appointments.id, options.excludeId) : undefined,
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
      and(
        eq(appointments.advocateId, users.id),
        ne(appointments.status, 'cancelled'),
        holdNotExpired(options.now ?? new Date()),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        options.excludeId ? ne(appointments.id, options.excludeId) : undefined,
      ),
    )
    .where(
      and(
        eq(users.role, 'advocate'),
        eq(users.isActive, true),
        eq(users.verificationStatus, 'verified'),
        options.advocateId ? eq(users.id, options.advocateId) : undefined,
      ),
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

/** Who is assigned to the client's cases that are not closed, most recently updated first. */
async function caseAdvocateIds(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ assigneeId: cases.assigneeId, updatedAt: cases.updatedAt })
    .from(cases)
    .where(and(eq(cases.clientId, clientId), ne(cases.status, 'closed')))
    .orderBy(desc(cases.updatedAt));
  return [...new Set(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))];
}

/**
 * Claims the confirmed appointments starting within `windowMs` whose reminder has not gone, and
 * marks them sent, in one statement: of two server processes running this at once, each row goes
 * to one (SKIP LOCKED passes over rows the other holds; the outer `reminder_sent_at is null` is
 * checked again on the row as committed). A restart finds sent rows marked.
 */
export async function claimDueReminders(
  db: Executor,
  now: Date,
  windowMs: number,
): Promise<AppointmentWithAdvocate[]> {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'confirmed'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startsAt, now),
        lt(appointments.startsAt, new Date(now.getTime() + windowMs)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    .where(and(inArray(appointments.id, due), isNull(appointments.reminderSentAt)))
    .returning();
  if (claimed.length === 0) return [];
  const names = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((row) => row.advocateId).filter((id): id is string => !!id),
      ),
    );
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return claimed.map((row) => ({
    ...row,
    advocateName: row.advocateId ? (nameOf.get(row.advocateId) ?? null) : null,
  }));
}

/** Gives a claimed reminder back (its email failed), so the next run tries again. */
export async function releaseReminder(db: Executor, id: string): Promise<void> {
  await db.update(appointments).set({ reminderSentAt: null }).where(eq(appointments.id, id));
}

/** Active clients whose name or email matches `search`, by name: the staff booking's picker. */
export async function searchBookableClients(
  db: Executor,
  search: string | undefined,
  limit = 20,
): Promise<{ id: string; name: string; email: string }[]> {
  const pattern = search ? likePattern(search) : undefined;
  return db
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'client'),
        eq(users.isActive, true),
        pattern
          ? sql`((${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or ${users.email} ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/**
 * Releases the visitor bookings whose hold ran out unconfirmed: cancelled with the fixed reason,
 * in one statement that claims each row once however many processes run it (SKIP LOCKED passes
 * over rows another holds; the outer status test is checked again on the committed row).
 */
export async function releaseExpiredHolds(db: Executor, now: Date): Promise<string[]> {
  const expired = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.status, 'scheduled'), lte(appointments.holdExpiresAt, now)))
    .limit(500)
    .for('update', { skipLocked: true });
  const released = await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancellationReason: APPOINTMENT_MESSAGES.holdReleasedReason,
      cancelledBy: 'system',
      sequence: sql`${appointments.sequence} + 1`,
    })
    .where(and(inArray(appointments.id, expired), eq(appointments.status, 'scheduled')))
    .returning({ id: appointments.id });
  if (released.length > 0) {
    await db.insert(appointmentEvents).values(
      released.map((row) => ({
        appointmentId: row.id,
        action: 'released',
        actorId: null,
        details: { reason: 'hold expired' },
      })),
    );
  }
  return released.map((row) => row.id);
}

/**
 * A visitor's open bookings (live, still to come, not a hold that ran out) under `email`
 * (case-insensitive) and under `phone` (E.164), counted apart.
 */
export async function countOpenVisitorBookings(
  db: Executor,
  contact: { email: string; phone: string },
  now: Date,
): Promise<{ byEmail: number; byPhone: number }> {
  const [row] = await db
    .select({
      byEmail:
        sql<number>`count(*) filter (where lower(${appointments.clientEmail}) = lower(${contact.email}))`.mapWith(
          Number,
        ),
      byPhone:
        sql<number>`count(*) filter (where ${appointments.clientPhone} = ${contact.phone})`.mapWith(
          Number,
        ),
    })
    .from(appointments)
    .where(
      and(
        isNull(appointments.clientId),
        inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
        gt(appointments.startsAt, now),
        holdNotExpired(now),
        or(
          sql`lower(${appointments.clientEmail}) = lower(${contact.email})`,
          eq(appointments.clientPhone, contact.phone),
        ),
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byPhone: row?.byPhone ?? 0 };
}

/** Visitor bookings made since `since` that their visitor never confirmed from the email. */
export async function countUnconfirmedVisitorBookings(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(appointments)
    .where(
      and(
        isNull(appointments.clientId),
        isNull(appointments.visitorConfirmedAt),
        gte(appointments.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The visitor confirms their held booking: only a live hold, and only once (of two confirmations
 * at once, one gets the row).
 */
export async function confirmVisitorHold(
  db: Executor,
  id: string,
  now: Date,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ holdExpiresAt: null, visitorConfirmedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.status, 'scheduled'),
        gt(appointments.holdExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * A visitor's booking gets a fresh private link for an email the firm sends (confirmed, moved,
 * reminder): only the link's hash is kept, so the earlier one cannot be re-sent, and the newest
 * email's link is the one that works (ADR 027). Null for a client's booking or a visitor's
 * booking whose link is gone (retention).
 */
export async function reissueVisitorToken(
  db: Executor,
  id: string,
  token: string,
  tokenHash: string,
): Promise<string | null> {
  const rows = await db
    .update(appointments)
    .set({ visitorTokenHash: tokenHash })
    .where(and(eq(appointments.id, id), isNotNull(appointments.visitorTokenHash)))
    .returning({ id: appointments.id });
  return rows.length > 0 ? token : null;
}
