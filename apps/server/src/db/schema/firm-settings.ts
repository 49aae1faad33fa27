import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The firm settings (ADR 019): one row at most (id 1), holding the whole settings object
 * as last saved by an advocate. No row: the defaults hold. The object is checked by the shared zod
 * schema on the way in and again on the way out (a value a later release no longer accepts falls
 * back to its default rather than breaking bookings).
 */
export const firmSettings = pgTable(
  'firm_settings',
  {
    id: smallint().primaryKey().default(1),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The setup checklist's sections an advocate has saved (ADR 027): changed, or reviewed from the
     * checklist's link; each item is ticked by its own section, never by another's save.
     */
    savedSections: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    check('firm_settings_single_row_check', sql`${table.id} = 1`),
    check('firm_settings_object_check', sql`jsonb_typeof(${table.settings}) = 'object'`),
  ],
);

export type FirmSettingsRow = typeof firmSettings.$inferSelect;
