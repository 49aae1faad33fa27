import type { NotificationEmailKind } from '@firm/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offsetOf, rowsAndTotal } from '../../db/list-queries';
import {
  notificationCounters,
  notificationEmailPreferences,
  notifications,
  type NewNotificationRow,
  type NotificationRow,
} from '../../db/schema';

/** Queries of the notifications module. Every read and change is scoped to one person's rows. */

/**
 * The next sequence of each person, in one statement. The upsert locks each person's counter row
 * until the transaction ends (see notificationCounters); ids are sorted so that two transactions
 * notifying the same people take the locks in one order and never deadlock on them.
 */
export async function nextSequences(
  tx: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const sorted = [...new Set(userIds)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .insert(notificationCounters)
    .values(sorted.map((userId) => ({ userId, lastSequence: 1 })))
    .onConflictDoUpdate({
      target: notificationCounters.userId,
      set: { lastSequence: sql`${notificationCounters.lastSequence} + 1` },
    })
    .returning();
  return new Map(rows.map((row) => [row.userId, row.lastSequence]));
}

export async function insertNotifications(
  tx: Executor,
  rows: NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).onConflictDoNothing().returning();
}

const own = (userId: string) => eq(notifications.userId, userId);
const unread = isNull(notifications.readAt);

/**
 * One page of a person's notifications, newest first. `before` (a sequence) pages by key: the
 * rows older than it, however many newer ones arrived or were removed since the last page; else
 * by `page` (offset). `hasMore`: rows are left after this page (one extra row is read to know).
 */
export async function listNotificationRows(
  db: Executor,
  userId: string,
  options: { page: number; limit: number; unreadOnly: boolean; before?: number | undefined },
): Promise<{ rows: NotificationRow[]; total: number; hasMore: boolean }> {
  const where = options.unreadOnly ? and(own(userId), unread) : own(userId);
  const pageWhere =
    options.before === undefined ? where : and(where, lt(notifications.sequence, options.before));
  const { rows: found, total } = await rowsAndTotal(
    db
      .select()
      .from(notifications)
      .where(pageWhere)
      .orderBy(desc(notifications.sequence))
      .limit(options.limit + 1)
      .offset(options.before === undefined ? offsetOf(options) : 0),
    db.select({ total: count() }).from(notifications).where(where),
  );
  return {
    rows: found.slice(0, options.limit),
    total,
    hasMore: found.length > options.limit,
  };
}

/** Every notification of one person, oldest first ("Download my data"). */
export function allNotificationsOf(db: Executor, userId: string): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(own(userId)).orderBy(notifications.sequence);
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(own(userId), unread));
  return row?.total ?? 0;
}

/** One person's rows after `sequence`, oldest first: what a stream has not sent yet. */
export async function notificationsAfter(
  db: Executor,
  userId: string,
  sequence: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(own(userId), gt(notifications.sequence, sequence)))
    .orderBy(asc(notifications.sequence))
    .limit(limit);
}

/** The person's last sequence given so far (0: none). */
export async function lastSequence(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ last: notificationCounters.lastSequence })
    .from(notificationCounters)
    .where(eq(notificationCounters.userId, userId));
  return row?.last ?? 0;
}

export async function markRead(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(own(userId), eq(notifications.id, id)))
    .returning();
  return row;
}

export async function markAllRead(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(own(userId), unread))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(own(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Removes one person's notifications written under `dedupeKey`; how many went. */
export async function deleteNotificationsByKey(
  tx: Executor,
  userId: string,
  dedupeKey: string,
): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(and(own(userId), eq(notifications.dedupeKey, dedupeKey)))
    .returning({ id: notifications.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Email preferences and the email queue

export async function emailPreferenceRows(db: Executor, userId: string) {
  return db
    .select({
      kind: notificationEmailPreferences.kind,
      enabled: notificationEmailPreferences.enabled,
    })
    .from(notificationEmailPreferences)
    .where(eq(notificationEmailPreferences.userId, userId));
}

/** Of `userIds`, those who switched emails of `kind` off. */
export async function emailOptedOut(
  db: Executor,
  userIds: readonly string[],
  kind: NotificationEmailKind,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationEmailPreferences.userId })
    .from(notificationEmailPreferences)
    .where(
      and(
        inArray(notificationEmailPreferences.userId, [...userIds]),
        eq(notificationEmailPreferences.kind, kind),
        eq(notificationEmailPreferences.enabled, false),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function saveEmailPreferences(
  db: Executor,
  userId: string,
  changes: { kind: NotificationEmailKind; enabled: boolean }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationEmailPreferences)
    .values(changes.map((change) => ({ userId, ...change, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationEmailPreferences.userId, notificationEmailPreferences.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: now },
    });
}
