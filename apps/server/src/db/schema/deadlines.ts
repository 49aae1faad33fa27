import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The firm's table of limitation periods (ADR 051), seeded by migration 0046 with the sections of
 * the Limitation of Actions Act and related statutes (packages/shared/src/deadlines/limitation-periods.ts
 * holds the same list), edited by advocates in System Settings.
 */
export const limitationPeriods = pgTable(
  'limitation_periods',
  {
    kind: text().primaryKey(),
    label: text().notNull(),
    amount: integer().notNull(),
    unit: text().notNull(),
    source: text().notNull(),
    notice: text(),
    position: integer().notNull().default(0),
    updatedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('limitation_periods_amount_check', sql`${table.amount} > 0 and ${table.amount} <= 1200`),
    check('limitation_periods_unit_check', sql`${table.unit} in ('days', 'months', 'years')`),
    check('limitation_periods_kind_check', sql`${table.kind} ~ '^[a-z][a-z0-9_]{0,39}$'`),
  ],
);

export type LimitationPeriodRow = typeof limitationPeriods.$inferSelect;

/**
 * Public holidays the firm adds ("gazetted at short notice"), on top of those date-holidays knows
 * (apps/server/src/lib/kenyan-holidays.ts); deadlines and the booking calendar skip both.
 */
export const firmHolidays = pgTable('firm_holidays', {
  day: date({ mode: 'string' }).primaryKey(),
  name: text().notNull(),
  addedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
