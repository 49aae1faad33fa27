import { nairobiDays, type ClientSort, type ListClientsFilters } from '@firm/shared';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import { appointments, cases, users, type UserRow } from '../../db/schema';

/**
 * Client accounts as the Clients screen shows them. Every query here has
 * `role = 'client'` in its WHERE clause: an id of staff answers as an unknown one.
 */

const isClient = eq(users.role, 'client');

// The outer row is named in full: drizzle writes a bare "id" for a column inside sql``, which
// the subquery would read as its own table's.

/** Cases not closed. */
const openCases =
  sql<number>`(select count(*) from ${cases} c where c.client_id = "users"."id" and c.status <> 'closed')`.mapWith(
    Number,
  );

/** The next live appointment from now (the row's JSON; PostgreSQL writes its timestamp). */
const nextAppointment = sql<{ id: string; title: string; starts_at: string } | null>`(
  select json_build_object('id', a.id, 'title', a.title, 'starts_at', a.starts_at)
  from ${appointments} a
  where a.client_id = "users"."id" and a.status in ('scheduled', 'confirmed') and a.starts_at >= now()
  order by a.starts_at
  limit 1
)`;

export type ClientListRow = UserRow & {
  openCases: number;
  nextAppointment: { id: string; title: string; startsAt: Date } | null;
};

const columns = { user: users, openCases, nextAppointment };

function flatten(row: {
  user: UserRow;
  openCases: number;
  nextAppointment: { id: string; title: string; starts_at: string } | null;
}): ClientListRow {
  const next = row.nextAppointment;
  return {
    ...row.user,
    openCases: row.openCases,
    nextAppointment: next
      ? { id: next.id, title: next.title, startsAt: new Date(next.starts_at) }
      : null,
  };
}

/**
 * A phone number typed as people write it (`0712 345 678`, `+254 712…`) as the digits stored in
 * E.164 (`254712345678`), or null when the search is not a number.
 */
export function phoneDigits(search: string): string | null {
  const compact = search.replace(/[\s().-]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

function conditions(filters: ListClientsFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [isClient];
  if (filters.status) where.push(eq(users.isActive, filters.status === 'active'));
  const joined = nairobiDays(filters.joinedFrom, filters.joinedTo);
  if (joined.from) where.push(gte(users.createdAt, joined.from));
  if (joined.to) where.push(lt(users.createdAt, joined.to));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const digits = phoneDigits(filters.search);
    // The expressions of users_full_name_trgm_idx and users_contact_trgm_idx (trigram indexes).
    where.push(
      sql`((${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or (${users.email} || ' ' || coalesce(${users.phone}, '')) ilike ${pattern}${
        digits
          ? sql` or (${users.email} || ' ' || coalesce(${users.phone}, '')) ilike ${likePattern(digits)}`
          : sql``
      })`,
    );
  }
  return and(...where);
}

function orderFor(sort: ClientSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(users.createdAt), desc(users.id)];
    case 'last_login':
      return [sql`${users.lastLogin} desc nulls last`, asc(users.lastName), asc(users.id)];
    default:
      return [
        asc(sql`lower(${users.lastName})`),
        asc(sql`lower(${users.firstName})`),
        asc(users.id),
      ];
  }
}

export async function listClients(
  db: Executor,
  filters: ListClientsFilters,
): Promise<{ rows: ClientListRow[]; total: number }> {
  const where = conditions(filters);
  const { rows, total } = await rowsAndTotal(
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...orderFor(filters.sort))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    db.select({ total: countAll() }).from(users).where(where),
  );
  return { rows: rows.map(flatten), total };
}

/** The client with this id (undefined for an unknown id or someone who is not a client). */
export async function findClient(db: Executor, id: string): Promise<ClientListRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isClient))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The client's row locked for the rest of the transaction. */
export async function lockClient(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isClient))
    .limit(1)
    .for('update');
  return row;
}

export async function casesOfClient(db: Executor, clientId: string) {
  return db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      title: cases.title,
      status: cases.status,
      updatedAt: cases.updatedAt,
    })
    .from(cases)
    .where(eq(cases.clientId, clientId))
    .orderBy(desc(cases.updatedAt), desc(cases.id));
}

/** The client's appointments, latest first (the most recent 100). */
export async function appointmentsOfClient(db: Executor, clientId: string) {
  return db
    .select({
      id: appointments.id,
      title: appointments.title,
      type: appointments.type,
      status: appointments.status,
      startsAt: appointments.startsAt,
      durationMinutes: appointments.durationMinutes,
    })
    .from(appointments)
    .where(eq(appointments.clientId, clientId))
    .orderBy(desc(appointments.startsAt))
    .limit(100);
}
