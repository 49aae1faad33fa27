import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form (SPEC section 3, "Contact message"). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    subject: text().notNull(),
    message: text().notNull(),
    urgency: text().notNull().default('normal'),
    /** When the visitor ticked the consent box, and which privacy notice they saw (DPA 2019). */
    consentAt: timestamp({ withTimezone: true }).notNull(),
    noticeVersion: text().notNull(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'contact_messages_urgency_check',
      sql`${table.urgency} in ('normal', 'urgent', 'emergency')`,
    ),
    check('contact_messages_name_check', sql`length(btrim(${table.name})) between 1 and 100`),
    check('contact_messages_subject_check', sql`length(btrim(${table.subject})) between 1 and 200`),
    check(
      'contact_messages_message_check',
      sql`length(btrim(${table.message})) between 1 and 5000`,
    ),
    index('contact_messages_created_at_idx').on(table.createdAt),
  ],
);
