import type { Database } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { findLiveSession } from './sessions.repository';

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

/** The live session behind a token hash, with its user; undefined when there is none. */
export type LiveSessionLookup = (tokenHash: string, now: Date) => Promise<LiveSession | undefined>;

/** Enough for every person signed in to a firm's portal at once; the oldest entry makes room. */
const MAX_CACHED_SESSIONS = 5000;

/**
 * How the auth plugin finds the session of each signed-in request.
 *
 * On a PostgreSQL server, one indexed query per request: other processes change accounts, and their
 * notifications arrive too late to keep a cache honest.
 *
 * On the embedded database this process makes every change and hears of each one before the
 * committing call returns (`onAccountsChanged`), so found sessions are kept in memory and the whole
 * cache is dropped at any change to users or sessions: a deactivation, a permission toggle, a
 * revoked session or a password change applies at the next request, as with a query. PGlite runs
 * one query at a time on this thread, so the query is what a signed-in request mostly waited for
 * (/api/auth/me ran at 29 % of /api/health's rate).
 */
export function liveSessionLookup(database: Database): LiveSessionLookup {
  const query: LiveSessionLookup = (tokenHash, now) => findLiveSession(database.db, tokenHash, now);
  if (!database.onAccountsChanged) return query;

  const cache = new Map<string, LiveSession>();
  // Bumped by every change: a lookup that was in flight when a change committed must not store
  // what it read before it.
  let generation = 0;
  database.onAccountsChanged(() => {
    generation += 1;
    cache.clear();
  });

  return async (tokenHash, now) => {
    const cached = cache.get(tokenHash);
    if (cached) {
      if (cached.session.expiresAt > now) return cached;
      cache.delete(tokenHash);
    }
    const seen = generation;
    const found = await query(tokenHash, now);
    // Unknown tokens are not remembered: anyone can send those.
    if (found && seen === generation) {
      // Shared by every request that presents this token until the next change: frozen, so code
      // that tried to edit a request's user would fail loudly instead of editing them all.
      Object.freeze(found.session);
      Object.freeze(found.user.permissions);
      Object.freeze(found.user);
      if (cache.size >= MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
      cache.set(tokenHash, found);
    }
    return found;
  };
}
