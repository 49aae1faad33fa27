import type { PaybillPaymentStatus, PaybillSettledTo } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { feeNotes, payments } from './billing';
import { cases } from './cases';
import { clientMoneyEntries } from './client-money';
import { users } from './users';

/**
 * Paybill payments (ADR 047, docs/product-rules.md#paying-by-paybill): what Safaricom's C2B
 * confirmation said, one row per M-Pesa receipt (TransID), then what Transaction Status said of
 * it and where the money went. received → confirmed | forged; confirmed → settled | unallocated
 * (with what was settled beside the rest); the migration's CHECKs hold the states' fields.
 */
export const paybillPayments = pgTable(
  'paybill_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The M-Pesa receipt: one row per payment, however often Safaricom posts it. */
    transId: text().notNull().unique(),
    transactionType: text().notNull().default(''),
    /** yyyyMMddHHmmss on a Nairobi clock, as sent; `paidAt` is the instant it names. */
    transTime: text().notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    amountKsh: integer().notNull(),
    shortcode: text().notNull(),
    /** The account number as the client typed it. */
    billRefNumber: text().notNull().default(''),
    invoiceNumber: text().notNull().default(''),
    orgAccountBalance: text().notNull().default(''),
    thirdPartyTransId: text().notNull().default(''),
    msisdn: text().notNull().default(''),
    payerName: text().notNull().default(''),
    status: text().$type<PaybillPaymentStatus>().notNull().default('received'),
    /** When the Transaction Status question is next due (null: none is). */
    nextCheckAt: timestamp({ withTimezone: true }),
    checkAttempts: integer().notNull().default(0),
    /** Daraja's OriginatorConversationID of the last question: its Result names it. */
    statusConversationId: text(),
    /** Why the Result did not confirm the payment (a forged one's reason). */
    forgedReason: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Where the money went: a fee note, a client's ledger, or refunded outside the system. */
    settledTo: text().$type<PaybillSettledTo>(),
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'restrict' }),
    billingPaymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    clientId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    caseId: uuid().references(() => cases.id, { onDelete: 'restrict' }),
    clientMoneyEntryId: uuid().references(() => clientMoneyEntries.id, { onDelete: 'restrict' }),
    /** What no record has taken yet: staff allocate it. */
    unallocatedKsh: integer().notNull().default(0),
    allocatedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    allocationReason: text(),
    settledAt: timestamp({ withTimezone: true }),
    /** `sweep`: found in Safaricom's Pull Transactions list, its confirmation never came (ADR 054). */
    foundBy: text().$type<PaybillFoundBy>().notNull().default('confirmation'),
    /** When M-Pesa's reversal of it was applied here (status `reversed`). */
    reversedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('paybill_payments_status_idx').on(table.status, table.createdAt),
    index('paybill_payments_next_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    check('paybill_payments_amount_check', sql`${table.amountKsh} > 0`),
    check(
      'paybill_payments_status_check',
      sql`${table.status} in ('received', 'confirmed', 'forged', 'settled', 'unallocated', 'reversed')`,
    ),
    check(
      'paybill_payments_unallocated_check',
      sql`${table.unallocatedKsh} >= 0 and ${table.unallocatedKsh} <= ${table.amountKsh}`,
    ),
    check('paybill_payments_found_by_check', sql`${table.foundBy} in ('confirmation', 'sweep')`),
    check(
      'paybill_payments_reversed_check',
      sql`(${table.status} = 'reversed') = (${table.reversedAt} is not null)`,
    ),
    check(
      'paybill_payments_settled_to_check',
      sql`${table.settledTo} is null or ${table.settledTo} in ('fee_note', 'client_money', 'refunded_outside')`,
    ),
  ],
);

export type PaybillPaymentRow = typeof paybillPayments.$inferSelect;

/**
 * The paybill's addresses registered with Safaricom's C2B Register URL API (ADR 048), one row per
 * registration Daraja accepted; the newest is in force. The addresses are kept with the callback
 * secret masked (it is never stored, answered or logged); `addressesDigest`, a SHA-256 of the real
 * pair, tells whether PUBLIC_URL or the secret changed since.
 */
export const paybillUrlRegistrations = pgTable(
  'paybill_url_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    shortcode: text().notNull(),
    /** What M-Pesa does when the validation address does not answer in time. */
    responseType: text().$type<'Completed' | 'Cancelled'>().notNull(),
    confirmationUrl: text().notNull(),
    validationUrl: text().notNull(),
    addressesDigest: text().notNull(),
    /** Daraja's ResponseDescription ("success"). */
    darajaAnswer: text().notNull().default(''),
    registeredById: uuid().references(() => users.id, { onDelete: 'set null' }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('paybill_url_registrations_registered_at_idx').on(table.registeredAt),
    check(
      'paybill_url_registrations_response_type_check',
      sql`${table.responseType} in ('Completed', 'Cancelled')`,
    ),
  ],
);

export type PaybillUrlRegistrationRow = typeof paybillUrlRegistrations.$inferSelect;

/** How a paybill payment reached the firm: Safaricom's confirmation, or the daily sweep. */
export type PaybillFoundBy = 'confirmation' | 'sweep';

/**
 * The daily sweep (ADR 054): one row per Nairobi day, claimed by the process that runs it (a
 * claim left unfinished for an hour may be taken again), with the window it read and its counts.
 */
export const paybillSweeps = pgTable(
  'paybill_sweeps',
  {
    day: date({ mode: 'string' }).primaryKey(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    windowEnd: timestamp({ withTimezone: true }).notNull(),
    listed: integer().notNull().default(0),
    recorded: integer().notNull().default(0),
    reversed: integer().notNull().default(0),
    pushesSettled: integer().notNull().default(0),
    error: text(),
  },
  (table) => [check('paybill_sweeps_window_check', sql`${table.windowStart} < ${table.windowEnd}`)],
);

/** The shortcode's one-time Pull Transactions registration (Safaricom asks it once). */
export const paybillPullRegistrations = pgTable('paybill_pull_registrations', {
  shortcode: text().primaryKey(),
  registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  responseDescription: text().notNull().default(''),
});
