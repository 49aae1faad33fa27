import {
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_MESSAGES,
  findPortalFeature,
  isNotificationEmailKind,
  mayOpen,
  paginationOf,
  type EmailPreferences,
  type ListNotificationsFilters,
  type Notification,
  type NotificationEmailKind,
  type NotificationKind,
  type NotificationList,
  type NotificationType,
  type SmsKind,
  type UpdateEmailPreferencesInput,
  isClientAccount,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type {
  DeliveryAttachment,
  NotificationRow,
  NotificationSubject,
  UserRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publishLiveEvent, THIS_PROCESS } from '../../lib/live-events';
import type { DeliveryKind } from '../deliveries/deliveries.repository';
import { queueClientSms } from './client-sms';
import { queueNotificationEmails } from './notification-emails';
import {
  allNotificationsOf,
  countUnread,
  deleteNotification,
  deleteNotificationsByKey,
  emailOptedOut,
  emailPreferenceRows,
  insertNotifications,
  listNotificationRows,
  markAllRead,
  markRead,
  nextSequences,
  saveEmailPreferences,
} from './notifications.repository';

/**
 * Notifications (ADR 017). Services call `notify` inside the transaction that makes the
 * change, so the bell's entry exists exactly when the change does; its live event is a NOTIFY in
 * that same transaction, heard by every server process only once it commits.
 */

/** The live events of this module (lib/live-events). */
export const NOTIFICATION_EVENTS = {
  /** New notifications for the people named: streams send what they have not sent yet. */
  created: 'notification',
  /** Read, read-all or remove: streams send the new unread count (another tab of the person's). */
  changed: 'notification-changed',
} as const;

export interface NotificationDraft {
  kind: NotificationKind;
  type: NotificationType;
  title: string;
  message: string;
  /**
   * A message of its own for some recipients (undefined: `message`). One draft, so that one
   * `notify` takes every recipient's counter lock in a single sorted pass (two passes in one
   * transaction could deadlock with another transaction's).
   */
  messageFor?: (user: UserRow) => string | undefined;
  /** A portal route path (checked against the portal manifest); null: nothing to open. */
  actionUrl: string | null;
  subject?: { type: NotificationSubject; id: string };
  /** For an event that may be written twice (a retried reminder): one row per person and key. */
  dedupeKey?: string;
  /**
   * The email switch this notification goes by, when it is not its own kind (a court date's
   * reminder goes with the court-date email, ADR 025).
   */
  emailAs?: NotificationEmailKind;
  /** Files the client's email carries (a credit note's PDF); the bell and the text have none. */
  attachments?: DeliveryAttachment[];
  /**
   * The client's email is owed but written later, by `emailOwedNotifications` (a fee note's
   * waits for KRA's answer, ADR 049): the row says it is owed, nothing is queued now.
   */
  emailLater?: boolean;
  /** The text a client recipient also gets, under their choice of `kind` (ADR 033). */
  sms?: { kind: SmsKind; deliveryKind: DeliveryKind; text: string };
  /**
   * Whether this person may see the record the notification is about: `can()` with the record,
   * as its repository scopes it. Asked of every recipient: nobody hears of a record they may not
   * see.
   */
  maySee: (user: UserRow) => boolean;
}

/** Appointment emails are sent by appointment-mail.ts (with the calendar file); not queued here. */
const isQueuedEmailKind = (kind: NotificationKind | NotificationEmailKind) =>
  isNotificationEmailKind(kind) && !kind.startsWith('appointment_');

function assertPortalPath(actionUrl: string): void {
  const pathname = actionUrl.split(/[?#]/, 1)[0]!;
  if (!actionUrl.startsWith('/') || actionUrl.startsWith('//') || !findPortalFeature(pathname)) {
    throw new Error(`Notification link ${actionUrl} is not a portal route`);
  }
}

/**
 * Writes `draft` for each of `recipients` who is active, may see the record and is not
 * `exceptUserId` (whoever made the change is not told of it). Returns the people notified.
 */
export async function notify(
  tx: Executor,
  recipients: readonly UserRow[],
  draft: NotificationDraft,
  options: { exceptUserId?: string | null } = {},
): Promise<string[]> {
  if (draft.actionUrl) assertPortalPath(draft.actionUrl);
  const seen = new Set<string>();
  const people = recipients.filter((user) => {
    if (seen.has(user.id)) return false;
    seen.add(user.id);
    return user.isActive && user.id !== options.exceptUserId && draft.maySee(user);
  });
  if (people.length === 0) return [];

  const clients = people.filter((user) => isClientAccount(user)).map((user) => user.id);
  const emailKind = draft.emailAs ?? draft.kind;
  const isEmailed = isQueuedEmailKind(emailKind);
  const optedOut =
    isEmailed && clients.length > 0
      ? await emailOptedOut(tx, clients, emailKind as (typeof NOTIFICATION_EMAIL_KINDS)[number])
      : new Set<string>();
  const sequences = await nextSequences(
    tx,
    people.map((user) => user.id),
  );
  const inserted = await insertNotifications(
    tx,
    people.map((user) => {
      const feature = draft.actionUrl
        ? findPortalFeature(draft.actionUrl.split(/[?#]/, 1)[0]!)
        : undefined;
      return {
        userId: user.id,
        sequence: sequences.get(user.id)!,
        type: draft.type,
        kind: draft.kind,
        title: draft.title,
        message: draft.messageFor?.(user) ?? draft.message,
        // A link the person could not open is no link.
        actionUrl: feature && mayOpen(user, feature) ? draft.actionUrl : null,
        subjectType: draft.subject?.type ?? null,
        subjectId: draft.subject?.id ?? null,
        dedupeKey: draft.dedupeKey ?? null,
        emailPending: isClientAccount(user) && isEmailed && !optedOut.has(user.id),
      };
    }),
  );
  const deliveryIds = await queueNotificationEmails(
    tx,
    inserted.filter((row) => row.emailPending && !draft.emailLater),
    new Map(people.map((user) => [user.id, user])),
    draft.attachments,
  );
  if (draft.sms) {
    for (const person of people) {
      const id = await queueClientSms(
        tx,
        person,
        draft.sms.kind,
        draft.sms.deliveryKind,
        draft.sms.text,
      );
      if (id) deliveryIds.push(id);
    }
  }
  const notified = inserted.map((row) => row.userId);
  await publishLiveEvent(tx, notified, {
    type: NOTIFICATION_EVENTS.created,
    // This process hands the emails to the outbox once it hears the commit (the plugin); if it
    // stops first, the outbox's sweep finds them.
    ...(deliveryIds.length > 0 ? { deliveries: deliveryIds.join(','), origin: THIS_PROCESS } : {}),
  });
  return notified;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    sequence: row.sequence,
    type: row.type,
    kind: row.kind,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    actionUrl: row.actionUrl,
  };
}

const notFound = () => AppError.notFound(NOTIFICATION_MESSAGES.notFound, 'NOTIFICATION_NOT_FOUND');

/** Other tabs and devices of the person update their count. */
const announceChange = (db: Executor, userId: string) =>
  publishLiveEvent(db, [userId], { type: NOTIFICATION_EVENTS.changed });

export async function listNotifications(
  db: Db,
  user: UserRow,
  filters: ListNotificationsFilters,
): Promise<NotificationList> {
  const [{ rows, total, hasMore }, unreadCount] = await Promise.all([
    listNotificationRows(db, user.id, {
      page: filters.page,
      limit: filters.limit,
      unreadOnly: filters.unread,
      before: filters.before,
    }),
    countUnread(db, user.id),
  ]);
  return {
    success: true,
    count: rows.length,
    total,
    unreadCount,
    pagination: paginationOf(filters, total),
    nextBefore: hasMore ? rows.at(-1)!.sequence : null,
    notifications: rows.map(toNotification),
  };
}

export async function unreadCount(db: Db, user: UserRow): Promise<number> {
  return countUnread(db, user.id);
}

export async function readNotification(db: Db, user: UserRow, id: string) {
  return db.transaction(async (tx) => {
    const row = await markRead(tx, user.id, id, new Date());
    if (!row) throw notFound();
    await announceChange(tx, user.id);
    return { notification: toNotification(row), unreadCount: await countUnread(tx, user.id) };
  });
}

export async function readAllNotifications(db: Db, user: UserRow) {
  return db.transaction(async (tx) => {
    const updated = await markAllRead(tx, user.id, new Date());
    if (updated > 0) await announceChange(tx, user.id);
    return { updated, unreadCount: await countUnread(tx, user.id) };
  });
}

export async function removeNotification(db: Db, user: UserRow, id: string) {
  return db.transaction(async (tx) => {
    if (!(await deleteNotification(tx, user.id, id))) throw notFound();
    await announceChange(tx, user.id);
    return { unreadCount: await countUnread(tx, user.id) };
  });
}

/**
 * Takes back what `notify` wrote under `dedupeKey` for one person, inside the transaction that
 * undoes the event (a note made internal again shortly after it was shared, ADR 014): their open
 * tabs hear the change live and drop it from the bell.
 */
export async function withdrawNotifications(
  tx: Executor,
  userId: string,
  dedupeKey: string,
): Promise<number> {
  const removed = await deleteNotificationsByKey(tx, userId, dedupeKey);
  if (removed > 0) await announceChange(tx, userId);
  return removed;
}

/** "Download my data": the person's notifications as the bell shows them. */
export async function ownNotificationsForExport(db: Executor, user: UserRow) {
  return (await allNotificationsOf(db, user.id)).map(toNotification);
}

export async function emailPreferences(db: Executor, userId: string): Promise<EmailPreferences> {
  const preferences = Object.fromEntries(
    NOTIFICATION_EMAIL_KINDS.map((kind) => [kind, true]),
  ) as EmailPreferences;
  for (const row of await emailPreferenceRows(db, userId)) {
    if (isNotificationEmailKind(row.kind)) preferences[row.kind] = row.enabled;
  }
  return preferences;
}

export async function updateEmailPreferences(
  db: Db,
  user: UserRow,
  input: UpdateEmailPreferencesInput,
): Promise<EmailPreferences> {
  const changes = NOTIFICATION_EMAIL_KINDS.flatMap((kind) =>
    input[kind] === undefined ? [] : [{ kind, enabled: input[kind] }],
  );
  await saveEmailPreferences(db, user.id, changes, new Date());
  return emailPreferences(db, user.id);
}

/** Whether `userId` still wants emails of `kind` (appointment-mail asks before writing). */
export async function wantsEmail(
  db: Executor,
  userId: string,
  kind: (typeof NOTIFICATION_EMAIL_KINDS)[number],
): Promise<boolean> {
  return !(await emailOptedOut(db, [userId], kind)).has(userId);
}
