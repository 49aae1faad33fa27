import type { ListAppointmentsFilters } from '@firm/shared';
import { LIVE_APPOINTMENT_STATUSES, nairobiDays } from '@firm/shared';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf } from '../../db/list-queries';
import {
  appointments,
  payments,
  users,
  type AppointmentRow,
  type NewAppointmentRow,
} from '../../db/schema';
import { fullName } from '../users/users.repository';

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
const advocateName = sql<string | null>`${fullName(advocate)}`;

/** Appointments with their advocate's name: the shape every reader below answers with. */
const selectWithAdvocate = (db: Executor) =>
  db
    .select({ appointment: appointments, advocateName })
    .from(appointments)
    .leftJoin(advocate, eq(advocate.id, appointments.advocateId));

const withAdvocate = (row: {
  appointment: AppointmentRow;
  advocateName: string | null;
}): AppointmentWithAdvocate => ({ ...row.appointment, advocateName: row.advocateName });

function inScope(scope: AppointmentScope): SQL | undefined {
  return scope.clientId ? eq(appointments.clientId, scope.clientId) : undefined;
}

/**
 * The WHERE clause of the appointments list: the Reports count with it, so a figure and the list
 * it links to are the same appointments by construction.
 */
export function appointmentListConditions(
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
  const booked = nairobiDays(filters.bookedFrom, filters.bookedTo);
  if (booked.from) conditions.push(gte(appointments.createdAt, booked.from));
  if (booked.to) conditions.push(lt(appointments.createdAt, booked.to));
  if (filters.advocateId) conditions.push(eq(appointments.advocateId, filters.advocateId));
  if (filters.type) conditions.push(eq(appointments.type, filters.type));
  if (filters.cancelledBy) conditions.push(eq(appointments.cancelledBy, filters.cancelledBy));
  if (filters.fee === 'charged') {
    conditions.push(ne(appointments.status, 'cancelled'), sql`${appointments.feeKsh} > 0`);
  }
  if (filters.receipt === 'none') {
    // Marked paid by hand (the earlier frontend's PUT): no receipted payment stands behind it.
    conditions.push(
      eq(appointments.paymentStatus, 'paid'),
      sql`not exists (select 1 from ${payments} p where p.appointment_id = ${appointments.id} and p.status = 'succeeded')`,
    );
  }
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
): Promise<{ rows: AppointmentWithAdvocate[]; total: number; feesKsh: number }> {
  const where = appointmentListConditions(scope, filters);
  const order = filters.sort === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    selectWithAdvocate(db)
      .where(where)
      .orderBy(order(appointments.startsAt), order(appointments.id))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    // How many match and their fees added up: what a report's figure that links here counts.
    db
      .select({
        total: countAll(),
        feesKsh: sql<number>`coalesce(sum(${appointments.feeKsh}), 0)`.mapWith(Number),
      })
      .from(appointments)
      .where(where),
  ]);
  return {
    rows: rows.map(withAdvocate),
    total: counted?.total ?? 0,
    feesKsh: counted?.feesKsh ?? 0,
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
  const rows = await selectWithAdvocate(db)
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
  return rows.map(withAdvocate);
}

export async function findAppointment(
  db: Executor,
  id: string,
  scope: AppointmentScope = {},
): Promise<AppointmentWithAdvocate | undefined> {
  const [row] = await selectWithAdvocate(db).where(and(eq(appointments.id, id), inScope(scope)));
  return row ? withAdvocate(row) : undefined;
}

/** The appointment a visitor's link names, by the token's hash. */
export async function findAppointmentByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<AppointmentWithAdvocate | undefined> {
  const [row] = await selectWithAdvocate(db).where(eq(appointments.visitorTokenHash, tokenHash));
  return row ? withAdvocate(row) : undefined;
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
