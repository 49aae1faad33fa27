import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';

/**
 * The per-person live-event bus (ADR 017): notifications today, messages and read receipts later.
 *
 * An event is published with PostgreSQL's NOTIFY, on the executor the change was made with. Inside
 * a transaction NOTIFY is held until the commit and dropped by a rollback, so a stream never hears
 * of a row it cannot yet read, and a failed change announces nothing. Every server process LISTENs
 * once (PGlite: in this process; a PostgreSQL server: one connection of its own) and hands each
 * event to the streams it holds for the people named. Payloads carry ids only (NOTIFY takes at
 * most 8000 bytes, and the listener loads the rows it is allowed to send).
 */

export const LIVE_EVENTS_CHANNEL = 'live_events';

/**
 * This process, as an event's `origin`: work that one process should take up after a commit
 * (handing a notification's emails to the outbox) is taken up by the one that committed.
 */
export const THIS_PROCESS = randomUUID();

/** What a stream is told: a kind and ids. Keep it small. */
export interface LiveEvent {
  type: string;
  [key: string]: string | number | boolean | null;
}

export type LiveListener = (event: LiveEvent) => void;

/** People per NOTIFY: 100 ids of 36 characters stay well under the 8000-byte limit. */
const RECIPIENTS_PER_PAYLOAD = 100;

/**
 * Announces `event` to `userIds`. Given a transaction, it is delivered when (if) that commits;
 * given the database, at once.
 */
export async function publishLiveEvent(
  executor: Executor,
  userIds: readonly string[],
  event: LiveEvent,
): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += RECIPIENTS_PER_PAYLOAD) {
    const payload = JSON.stringify({ u: unique.slice(i, i + RECIPIENTS_PER_PAYLOAD), e: event });
    await executor.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
  }
}

export interface LiveEventBus {
  /** Calls `listener` with each event published to `userId`; returns the unsubscribe function. */
  subscribe(userId: string, listener: LiveListener): () => void;
  /**
   * Calls `listener` when events may have been missed (the listening connection was lost and is
   * back): streams then look for what they have not sent.
   */
  onResync(listener: () => void): () => void;
  /** Calls `listener` with every event (this process's background work, e.g. emails). */
  onAny(listener: (userIds: string[], event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export async function createLiveEventBus(
  database: Database,
  logger: FastifyBaseLogger,
): Promise<LiveEventBus> {
  const byUser = new Map<string, Set<LiveListener>>();
  const resyncListeners = new Set<() => void>();
  const anyListeners = new Set<(userIds: string[], event: LiveEvent) => void>();

  const deliver = (payload: string) => {
    let parsed: { u: string[]; e: LiveEvent };
    try {
      parsed = JSON.parse(payload) as { u: string[]; e: LiveEvent };
    } catch {
      logger.warn('live event with an unreadable payload ignored');
      return;
    }
    for (const listener of anyListeners) listener(parsed.u, parsed.e);
    for (const userId of parsed.u) {
      for (const listener of byUser.get(userId) ?? []) {
        try {
          listener(parsed.e);
        } catch (error) {
          logger.error({ err: error }, 'live event listener failed');
        }
      }
    }
  };
  const stop = await database.listen(LIVE_EVENTS_CHANNEL, deliver, () => {
    logger.warn('live events: listening again after a lost connection');
    for (const listener of resyncListeners) listener();
  });

  return {
    subscribe(userId, listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    onAny(listener) {
      anyListeners.add(listener);
      return () => anyListeners.delete(listener);
    },
    async close() {
      byUser.clear();
      resyncListeners.clear();
      anyListeners.clear();
      await stop();
    },
  };
}
