import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Sign-in sessions. The browser holds an opaque random token; only its SHA-256 is stored, so a copy
 * of the database cannot be used to sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Emailed links that set a password: "forgot password" (kind 'reset', one hour) and the welcome
 * of a new admin or client (kind 'invitation', 72 hours; ADR 024). Single use, stored as SHA-256
 * only; any password change spends every open one of the user.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    kind: text({ enum: ['reset', 'invitation'] })
      .notNull()
      .default('reset'),
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId),
    check('password_reset_tokens_kind_check', sql`${table.kind} in ('reset', 'invitation')`),
  ],
);
