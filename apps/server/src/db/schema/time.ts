import type { ExpenseKind, ExpensePaidFrom, FeeArrangementKind } from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { feeNotes } from './billing';
import { cases } from './cases';
import { users } from './users';

/**
 * Time and expenses on cases (ADR 050). Money is whole shillings; a time entry's value is its
 * rate × minutes / 60 rounded half up to the shilling, and the database checks it.
 */

/** The activities a time entry is filed under: a short list the firm edits (seeded by 0045). */
export const timeActivities = pgTable(
  'time_activities',
  {
    name: text().primaryKey(),
    position: smallint().notNull(),
  },
  (table) => [check('time_activities_name_check', sql`length(${table.name}) between 1 and 60`)],
);

/** Each advocate's and admin's default hourly rate (System Settings, per person). */
export const timeRates = pgTable(
  'time_rates',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hourlyRateKsh: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('time_rates_rate_check', sql`${table.hourlyRateKsh} >= 0`)],
);

/** A case's fee arrangement, with the day it was agreed; its hourly rate overrides the person's. */
export const caseFeeArrangements = pgTable(
  'case_fee_arrangements',
  {
    caseId: uuid()
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text().$type<FeeArrangementKind>().notNull(),
    agreedOn: date({ mode: 'string' }).notNull(),
    /** Hourly: the case's agreed rate; null: each person's own rate. */
    hourlyRateKsh: integer(),
    /** Fixed fee or stages: the whole fee agreed. */
    fixedFeeKsh: integer(),
    /** Stages: what each stage is and costs, one per line ("Filing: 50000"). */
    stages: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('case_fee_arrangements_kind_check', sql`${table.kind} in ('hourly', 'fixed', 'stages')`),
    check(
      'case_fee_arrangements_amounts_check',
      sql`(${table.hourlyRateKsh} is null or ${table.hourlyRateKsh} >= 0) and (${table.fixedFeeKsh} is null or ${table.fixedFeeKsh} >= 0)`,
    ),
    check(
      'case_fee_arrangements_fixed_check',
      sql`(${table.kind} = 'hourly') = (${table.fixedFeeKsh} is null)`,
    ),
  ],
);

export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'restrict' }),
    /** Whose time: an entry is recorded by the person who did the work. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A Nairobi calendar day. */
    workedOn: date({ mode: 'string' }).notNull(),
    minutes: integer().notNull(),
    activity: text()
      .notNull()
      .references(() => timeActivities.name, { onDelete: 'restrict', onUpdate: 'cascade' }),
    narrative: text().notNull(),
    billable: boolean().notNull(),
    rateKsh: integer().notNull(),
    valueKsh: integer().notNull(),
    /** The fee note drafted from it (a draft, or issued: then `billedAt` is set). */
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'set null' }),
    billedAt: timestamp({ withTimezone: true }),
    /** A write-down: what the fee note bills when it is less than the value, and why. */
    billedKsh: integer(),
    writeDownReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('time_entries_case_idx').on(table.caseId, table.workedOn),
    index('time_entries_user_idx').on(table.userId, table.workedOn),
    index('time_entries_fee_note_idx').on(table.feeNoteId),
    check(
      'time_entries_minutes_check',
      sql`${table.minutes} between 6 and 1440 and ${table.minutes} % 6 = 0`,
    ),
    check('time_entries_rate_check', sql`${table.rateKsh} >= 0`),
    check(
      'time_entries_value_check',
      sql`${table.valueKsh} = (${table.rateKsh}::bigint * ${table.minutes} + 30) / 60`,
    ),
    check(
      'time_entries_billed_check',
      sql`${table.billedAt} is null or ${table.feeNoteId} is not null`,
    ),
    check(
      'time_entries_write_down_check',
      sql`(${table.billedKsh} is null) = (${table.writeDownReason} is null) and (${table.billedKsh} is null or (${table.billedKsh} >= 0 and ${table.billedKsh} < ${table.valueKsh}))`,
    ),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    spentOn: date({ mode: 'string' }).notNull(),
    kind: text().$type<ExpenseKind>().notNull(),
    amountKsh: integer().notNull(),
    payee: text().notNull(),
    paidFrom: text().$type<ExpensePaidFrom>().notNull(),
    /** The receipt, stored as documents are (server-chosen name under DOCUMENTS_DIR). */
    receiptName: text(),
    receiptPath: text(),
    receiptMime: text(),
    receiptBytes: integer(),
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'set null' }),
    billedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expenses_case_idx').on(table.caseId, table.spentOn),
    index('expenses_fee_note_idx').on(table.feeNoteId),
    check(
      'expenses_kind_check',
      sql`${table.kind} in ('court_fees', 'filing', 'stamp_duty', 'search', 'valuation', 'travel', 'courier', 'other')`,
    ),
    check('expenses_paid_from_check', sql`${table.paidFrom} in ('firm', 'client_account')`),
    check('expenses_amount_check', sql`${table.amountKsh} between 1 and 100000000`),
    check(
      'expenses_billed_check',
      sql`${table.billedAt} is null or ${table.feeNoteId} is not null`,
    ),
  ],
);

/**
 * A person's timer, kept on the server so a reload, a second tab or a sleeping phone finds it:
 * the primary key is the person, so nobody has two.
 */
export const timers = pgTable(
  'timers',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** When the current run began; null while paused. */
    runningSince: timestamp({ withTimezone: true }),
    /** Seconds of the earlier runs (before each pause). */
    elapsedSeconds: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('timers_elapsed_check', sql`${table.elapsedSeconds} >= 0`)],
);

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
export type TimerRow = typeof timers.$inferSelect;
export type CaseFeeArrangementRow = typeof caseFeeArrangements.$inferSelect;
