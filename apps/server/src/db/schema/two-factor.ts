import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An account's authenticator-app key (ADR 037), sealed with the server's two-factor key (never
 * stored as it is: a copy of the database alone cannot make codes). `confirmedAt` is null while
 * the person is setting it up; it protects sign-in only once a code from the app was entered.
 */
export const totpSecrets = pgTable(
  'totp_secrets',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sealedSecret: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** The 30-second step of the last code accepted: that code, and older ones, are refused. */
    lastUsedStep: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'totp_secrets_used_check',
      sql`${table.lastUsedStep} is null or ${table.confirmedAt} is not null`,
    ),
  ],
);

/** Recovery codes: SHA-256 only (each is random, 50 bits), each spent once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_idx').on(table.userId, table.codeHash)],
);

/**
 * What a correct password opens for an account with a second factor: a short-lived, single-use
 * challenge (its token's SHA-256), ended by a right code or by too many wrong ones.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull().default(false),
    failures: smallint().notNull().default(0),
    /** The WebAuthn challenge of the passkey asked for (passkey-options), spent by its answer. */
    webauthnChallenge: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_challenges_user_idx').on(table.userId),
    index('sign_in_challenges_expires_idx').on(table.expiresAt),
    check('sign_in_challenges_failures_check', sql`${table.failures} >= 0`),
  ],
);

export type TotpSecretRow = typeof totpSecrets.$inferSelect;
export type SignInChallengeRow = typeof signInChallenges.$inferSelect;
