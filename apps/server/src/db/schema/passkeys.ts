import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's bytea as bytes (node-postgres answers a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Passkeys (WebAuthn credentials) that finish an account's sign-in (ADR 037, "Passkeys"). Only
 * the public key is held: a copy of the database signs nothing. `counter` is the authenticator's
 * signature count as last seen (0 for the many that keep none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key. */
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_idx').on(table.userId),
    check('passkeys_counter_check', sql`${table.counter} >= 0`),
  ],
);

/**
 * The challenge of a passkey being added, one per account (asking again replaces it), spent by
 * the first answer and good for a few minutes. In the database so that the server process that
 * checks the answer need not be the one that asked.
 */
export const passkeyRegistrations = pgTable(
  'passkey_registrations',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    challenge: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('passkey_registrations_expires_idx').on(table.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
