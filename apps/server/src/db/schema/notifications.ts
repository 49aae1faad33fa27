import {
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TYPES,
  SMS_KINDS,
  type NotificationEmailKind,
  type SmsKind,
  type NotificationKind,
  type NotificationType,
} from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** What a notification is about, so a removed record's notifications can be found. */
export type NotificationSubject =
  'case' | 'appointment' | 'user' | 'contact_message' | 'conversation' | 'fee_note' | 'payment';

/**
 * The bell's entries, one row per person. `sequence` numbers one person's
 * notifications in commit order (see notificationCounters): it is the live stream's event id, so
 * a reconnect asks for "after N" and gets exactly what it missed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sequence: bigint({ mode: 'number' }).notNull(),
    type: text().$type<NotificationType>().notNull(),
    kind: text().$type<NotificationKind>().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    /** A portal route path (checked against the portal manifest when written). */
    actionUrl: text(),
    subjectType: text().$type<NotificationSubject>(),
    subjectId: uuid(),
    /** Set for events that may be written twice (a reminder retried): one row per person. */
    dedupeKey: text(),
    /** An email went to the outbox with it (a client's case event they have not switched off). */
    emailPending: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The newest-first page and the stream's "after N" (one person's rows by sequence).
    uniqueIndex('notifications_user_sequence_idx').on(table.userId, table.sequence),
    // The unread count: only unread rows are indexed.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_idx')
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
    check('notifications_type_check', sql`${table.type} in (${quoted(NOTIFICATION_TYPES)})`),
    check('notifications_kind_check', sql`${table.kind} in (${quoted(NOTIFICATION_KINDS)})`),
    check(
      'notifications_action_url_check',
      sql`${table.actionUrl} is null or ${table.actionUrl} ~ '^/[^/]'`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/**
 * Each person's last notification sequence. Taking the next one locks this row until the
 * writing transaction ends, so one person's sequences become visible in the order they were
 * given: a reader that has seen N never later finds a committed N-1 it skipped.
 */
export const notificationCounters = pgTable('notification_counters', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSequence: bigint({ mode: 'number' }).notNull(),
});

/** Emails a person switched off, per kind; no row: on (the default). */
export const notificationEmailPreferences = pgTable(
  'notification_email_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationEmailKind>().notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check(
      'notification_email_preferences_kind_check',
      sql`${table.kind} in (${quoted(NOTIFICATION_EMAIL_KINDS)})`,
    ),
  ],
);

/**
 * A client's choice per kind of text message (SMS_KINDS); no row: the default (SMS_DEFAULTS).
 * `updatedAt` of a row switched on is when the person agreed to that text (ADR 033).
 */
export const smsPreferences = pgTable(
  'sms_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<SmsKind>().notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('sms_preferences_kind_check', sql`${table.kind} in (${quoted(SMS_KINDS)})`),
  ],
);
