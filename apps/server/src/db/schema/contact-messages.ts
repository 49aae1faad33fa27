import { newContactReference } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form (docs/product-rules.md#records, "Contact message"). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * The short reference a person can read out on the phone (`MW-7K3Q9`, CONTACT_REFERENCE_*
     * in packages/shared): in the auto-reply, on the success screen and in the Enquiries inbox.
     */
    reference: text().notNull().$defaultFn(newContactReference),
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
    uniqueIndex('contact_messages_reference_idx').on(table.reference),
    check(
      'contact_messages_reference_check',
      sql`${table.reference} ~ '^MW-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$'`,
    ),
  ],
);
