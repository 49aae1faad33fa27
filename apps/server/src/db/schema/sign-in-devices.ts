import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The browsers and systems an account has signed in from (ADR 037, "Sign-in alerts"). A device
 * is its browser and system names (`deviceKey`, their SHA-256), not their versions: a browser
 * update is not a new device. A sign-in from one not listed emails the person.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text().notNull(),
    /** In words, as the alert and Profile show it: "Chrome on Android". */
    label: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastIp: text(),
  },
  (table) => [
    uniqueIndex('sign_in_devices_user_device_idx').on(table.userId, table.deviceKey),
    index('sign_in_devices_last_seen_idx').on(table.lastSeenAt),
  ],
);

/**
 * A sign-in alert's "Not you? Secure your account" link: single use, SHA-256 only, as the
 * password links are (password_reset_tokens) but a table of its own: a password change spends
 * every password link, and must not spend this one (whoever signed in with a stolen password
 * could change it and so kill the owner's way out).
 */
export const secureAccountTokens = pgTable(
  'secure_account_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /**
     * The account's sign-in before the alert's, which the owner can vouch for: second factors
     * added after it go when the account is secured or its password reset by email. Null on
     * links made before this was kept: nothing tells, and every second factor goes.
     */
    vouchedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('secure_account_tokens_user_idx').on(table.userId),
    index('secure_account_tokens_expires_idx').on(table.expiresAt),
  ],
);

export type SignInDeviceRow = typeof signInDevices.$inferSelect;
