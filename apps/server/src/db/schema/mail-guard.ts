import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many automatic mails went today to an address nobody has proven (ADR 023,
 * modules/mail-guard): one row per hashed recipient and Nairobi day. The address itself is never
 * stored, only a SHA-256 of its normalised form; rows of past days are deleted as new ones come.
 */
export const unprovenRecipientMail = pgTable(
  'unproven_recipient_mail',
  {
    recipientHash: text().notNull(),
    /** The Nairobi calendar day (YYYY-MM-DD) the mails were sent on. */
    day: date({ mode: 'string' }).notNull(),
    sent: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.recipientHash, table.day] }),
    index('unproven_recipient_mail_day_idx').on(table.day),
    check('unproven_recipient_mail_sent_check', sql`${table.sent} >= 1`),
  ],
);
