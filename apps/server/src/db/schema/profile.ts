import type { DataRequestStatus } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Links confirming a new email address: sent to the new address, single use, stored as
 * SHA-256 only, and expiring. Asking again replaces an unused link.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('email_change_tokens_user_id_idx').on(table.userId)],
);

export type EmailChangeTokenRow = typeof emailChangeTokens.$inferSelect;

/**
 * Requests made under the Data Protection Act 2019 (s.26, s.40) from Profile Settings: today the
 * request to delete one's data. Kept after the account is deleted (the firm must show it answered),
 * so the requester's name and email are copied in.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text().$type<'erasure'>().notNull().default('erasure'),
    status: text().$type<DataRequestStatus>().notNull().default('open'),
    requesterName: text().notNull(),
    requesterEmail: text().notNull(),
    message: text(),
    reason: text(),
    handledById: uuid().references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('data_requests_status_created_idx').on(table.status, table.createdAt),
    index('data_requests_user_id_idx').on(table.userId),
    // One open request per person at a time.
    uniqueIndex('data_requests_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'open'`),
    check('data_requests_kind_check', sql`${table.kind} in ('erasure')`),
    check('data_requests_status_check', sql`${table.status} in ('open', 'done', 'refused')`),
    check(
      'data_requests_reason_check',
      sql`${table.status} <> 'refused' or ${table.reason} is not null`,
    ),
  ],
);

export type DataRequestRow = typeof dataRequests.$inferSelect;

/**
 * A person's private calendar feed (ADR 025): GET /api/calendar/<token>.ics. One
 * per person; only the token's SHA-256 is kept. Replacing it changes the hash; revoking deletes it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
