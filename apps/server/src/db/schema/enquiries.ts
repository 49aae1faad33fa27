import type { EnquiryStatus } from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { contactMessages } from './contact-messages';
import { users } from './users';

/**
 * The firm's handling of one enquiry (ADR 018): a contact message or a visitor's booking
 * request, its status, a note, who last changed it and the client made from it. A row exists once
 * someone first acts on the enquiry; until then it is "new" (version 0). Keeping it apart from the
 * two tables leaves the public forms and the appointments module unchanged.
 */
export const enquiryStates = pgTable(
  'enquiry_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    contactMessageId: uuid().references(() => contactMessages.id, { onDelete: 'cascade' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'cascade' }),
    status: text().$type<EnquiryStatus>().notNull().default('new'),
    note: text(),
    changedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }),
    /** The client account made from the enquiry ("Convert to client"). */
    clientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Raised by every change (0: a row made but not yet changed): a PATCH carrying another answers 409. */
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per enquiry: two people acting first at once cannot both insert one.
    uniqueIndex('enquiry_states_contact_message_id_idx').on(table.contactMessageId),
    uniqueIndex('enquiry_states_appointment_id_idx').on(table.appointmentId),
    index('enquiry_states_client_id_idx').on(table.clientId),
    index('enquiry_states_changed_by_id_idx').on(table.changedById),
    check(
      'enquiry_states_one_source_check',
      sql`num_nonnulls(${table.contactMessageId}, ${table.appointmentId}) = 1`,
    ),
    check('enquiry_states_status_check', sql`${table.status} in ('new', 'in_progress', 'closed')`),
    check('enquiry_states_note_check', sql`${table.note} is null or length(${table.note}) <= 2000`),
    check('enquiry_states_version_check', sql`${table.version} >= 0`),
  ],
);

export type EnquiryStateRow = typeof enquiryStates.$inferSelect;
