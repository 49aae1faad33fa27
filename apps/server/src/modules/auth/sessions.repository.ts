import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

export async function insertSession(
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

function liveSessionQuery(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}

/**
 * Every signed-in request runs this query, so it is built once per database and prepared by name:
 * PostgreSQL parses and plans it once per connection instead of on every request (issue 11).
 */
const preparedLiveSession = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

/** The live session behind a token hash, with its user read fresh; undefined when there is none. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  let query = preparedLiveSession.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    preparedLiveSession.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row;
}

/**
 * Records that the session was used, at most once per `intervalMs`: the condition lets only one
 * of many concurrent requests (or server processes) write, and the others change nothing.
 */
export async function touchSession(
  db: Executor,
  id: string,
  now: Date,
  intervalMs: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastUsedAt, new Date(now.getTime() - intervalMs))));
}

export async function revokeSession(db: Executor, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Revokes every live session of a user (deactivation, deletion, password reset), or every one but
 * `exceptSessionId` (a password change keeps the session that made it). Returns how many.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
