import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { likePattern } from '../../db/list-queries';
import { users } from '../../db/schema';
import { fullName } from './users.repository';

/**
 * The accounts other modules look up to fill a form or a diary: the advocates who take bookings,
 * the clients a member of staff may pick, and names by id.
 */

/** An advocate who may take appointments: active and verified (in SQL, on `users`). */
export const isBookableAdvocate = () =>
  and(
    eq(users.role, 'advocate'),
    eq(users.isActive, true),
    eq(users.verificationStatus, 'verified'),
  );

/** Advocates who may take appointments (all, or the one asked for), oldest account first. */
export async function bookableAdvocates(
  db: Executor,
  onlyId?: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: fullName(users) })
    .from(users)
    .where(and(isBookableAdvocate(), onlyId ? eq(users.id, onlyId) : undefined))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Active clients whose name or email matches `search`, by name: the pickers of the staff booking
 * and of New Case.
 */
export async function searchActiveClients(
  db: Executor,
  search: string | undefined,
  limit = 20,
): Promise<{ id: string; name: string; email: string }[]> {
  const pattern = search ? likePattern(search) : undefined;
  return db
    .select({ id: users.id, name: fullName(users), email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'client'),
        eq(users.isActive, true),
        pattern
          ? sql`((${fullName(users)}) ilike ${pattern} or ${users.email} ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/** The names of the accounts `ids`, by id (active or not). */
export async function userNamesByIds(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: fullName(users) })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Client accounts whose name a search matches. Asked first, on its own, so that the cases query
 * carries the actual ids: with a subquery in its place PostgreSQL guesses about a thousand
 * matching cases for any search, and for a narrow one walks the whole list in date order (66 ms at
 * 100,000 cases) instead of taking the trigram index's few rows and sorting them (under 5 ms).
 */
export async function clientIdsNamed(db: Executor, pattern: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'client'),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ),
    );
  return rows.map((row) => row.id);
}
