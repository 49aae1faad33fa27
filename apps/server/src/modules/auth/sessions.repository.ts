import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';
import { publishLiveEvent, type LiveEvent } from '../../lib/live-events';

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
 * PostgreSQL parses and plans it once per connection instead of on every request.
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

/**
 * What every revocation announces on the live-event bus (lib/live-events, ADR 017), to the
 * session's user: the one session that ended (`sessionId`), or all of the user's sessions but
 * `exceptSessionId` (null: all). Ids only, never a token. Published on the executor that revokes,
 * so it is heard, by every server process, when (if) the revocation commits, and each process
 * ends the streams those sessions hold at once.
 */
export const SESSION_REVOKED_EVENT = 'session.revoked';

/** Whether `event` ends the session `sessionId` (see SESSION_REVOKED_EVENT). */
export function endsSession(event: LiveEvent, sessionId: string): boolean {
  if (event.type !== SESSION_REVOKED_EVENT) return false;
  return typeof event.sessionId === 'string'
    ? event.sessionId === sessionId
    : event.exceptSessionId !== sessionId;
}

/**
 * Ends one session (logout), or with `ownerId` only if it is that person's (Profile's devices).
 * False when there was no such live session.
 */
export async function revokeSession(db: Executor, id: string, ownerId?: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, id),
        ownerId ? eq(sessions.userId, ownerId) : undefined,
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ userId: sessions.userId });
  if (rows[0]) {
    await publishLiveEvent(db, [rows[0].userId], { type: SESSION_REVOKED_EVENT, sessionId: id });
  }
  return rows.length > 0;
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
  if (rows.length > 0) {
    // One payload whatever the number of sessions (a list of ids could pass NOTIFY's limit).
    await publishLiveEvent(db, [userId], {
      type: SESSION_REVOKED_EVENT,
      sessionId: null,
      exceptSessionId: exceptSessionId ?? null,
    });
  }
  return rows.length;
}
