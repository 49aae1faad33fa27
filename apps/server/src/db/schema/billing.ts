import type {
  BillingNumberKind,
  FeeNoteLineKind,
  FeeNoteStatus,
  PaymentMethod,
  PaymentSource,
  PaymentState,
} from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './passkeys';
import { appointments } from './appointments';
import { cases } from './cases';
import { users } from './users';

/**
 * Fee notes, their lines, and the payments that settle them or an appointment's fee (ADR 035).
 * Money is whole shillings in integers; a fee note's totals are computed by one function
 * (packages/shared/src/billing/totals.ts) and stored with it, and the database checks they add up.
 */

/**
 * The last number given per kind and year (FN fee notes, CN credit notes, RC receipts). Bumped
 * inside the transaction that issues the document, so a rolled-back issue gives its number back
 * and the numbers stay gap-free.
 */
export const billingNumberCounters = pgTable(
  'billing_number_counters',
  {
    kind: text().$type<BillingNumberKind>().notNull(),
    year: integer().notNull(),
    lastValue: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.year] }),
    check('billing_number_counters_kind_check', sql`${table.kind} in ('FN', 'CN', 'RC')`),
    check('billing_number_counters_last_value_check', sql`${table.lastValue} >= 1`),
  ],
);

export const feeNotes = pgTable(
  'fee_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Fee notes are financial records (kept 7 years): a client with one cannot be deleted. */
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** One of the client's cases (fee_notes_case_client_fk), or none. */
    caseId: uuid(),
    status: text().$type<FeeNoteStatus>().notNull().default('draft'),
    /** FN/<year>/<4+ digits>, given when issued; null while a draft. */
    number: text(),
    issuedAt: timestamp({ withTimezone: true }),
    /** A Nairobi calendar day. */
    dueDate: date({ mode: 'string' }).notNull(),
    /** The client's KRA PIN as billed (eTIMS needs the buyer's PIN); null: none given. */
    buyerKraPin: text(),
    /** 16 when the firm was VAT-registered as the note was saved or issued, else 0. */
    vatRatePercent: smallint().notNull(),
    feesKsh: integer().notNull(),
    disbursementsKsh: integer().notNull(),
    vatKsh: integer().notNull(),
    totalKsh: integer().notNull(),
    /** What succeeded payments have settled so far (kept in step by the payment's transaction). */
    paidKsh: integer().notNull().default(0),
    creditNoteNumber: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    issuedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelledById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fee_notes_number_idx').on(table.number),
    uniqueIndex('fee_notes_credit_note_number_idx').on(table.creditNoteNumber),
    index('fee_notes_client_created_idx').on(table.clientId, table.createdAt, table.id),
    index('fee_notes_case_id_idx').on(table.caseId),
    index('fee_notes_created_idx').on(table.createdAt, table.id),
    index('fee_notes_status_created_idx').on(table.status, table.createdAt, table.id),
    // The overdue list and its count read only what is still owed (a few per cent of the rows):
    // 100,000 notes' overdue page 1 went from 24–29 ms to 9–11 ms (migration 0025).
    index('fee_notes_payable_created_idx')
      .on(table.createdAt, table.id, table.dueDate)
      .where(sql`${table.status} in ('issued', 'partly_paid')`),
    check(
      'fee_notes_status_check',
      sql`${table.status} in ('draft', 'issued', 'partly_paid', 'paid', 'cancelled')`,
    ),
    check('fee_notes_number_check', sql`${table.number} ~ '^FN/[0-9]{4}/[0-9]{4,}$'`),
    check(
      'fee_notes_credit_note_number_check',
      sql`${table.creditNoteNumber} ~ '^CN/[0-9]{4}/[0-9]{4,}$'`,
    ),
    // A draft has no number; everything else has one and an issue date.
    check(
      'fee_notes_number_status_check',
      sql`(${table.status} = 'draft') = (${table.number} is null) and (${table.number} is null) = (${table.issuedAt} is null)`,
    ),
    check(
      'fee_notes_cancelled_check',
      sql`(${table.status} = 'cancelled') = (${table.creditNoteNumber} is not null) and (${table.creditNoteNumber} is null) = (${table.cancelledAt} is null) and (${table.cancelledAt} is null) = (${table.cancelReason} is null)`,
    ),
    check('fee_notes_vat_rate_check', sql`${table.vatRatePercent} in (0, 16)`),
    check(
      'fee_notes_totals_check',
      sql`${table.feesKsh} >= 0 and ${table.disbursementsKsh} >= 0 and ${table.vatKsh} >= 0 and ${table.totalKsh} = ${table.feesKsh} + ${table.disbursementsKsh} + ${table.vatKsh}`,
    ),
    check(
      'fee_notes_paid_check',
      sql`${table.paidKsh} >= 0 and ${table.paidKsh} <= ${table.totalKsh}`,
    ),
    // The status follows the money: nothing paid while issued (or cancelled: a note with money on it
    // is not cancelled), some while partly paid, all once paid.
    check(
      'fee_notes_paid_status_check',
      sql`(${table.status} in ('draft', 'issued', 'cancelled') and ${table.paidKsh} = 0) or (${table.status} = 'partly_paid' and ${table.paidKsh} > 0 and ${table.paidKsh} < ${table.totalKsh}) or (${table.status} = 'paid' and ${table.paidKsh} = ${table.totalKsh} and ${table.totalKsh} > 0)`,
    ),
    // A fee note's case is one of its client's own cases.
    foreignKey({
      name: 'fee_notes_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
  ],
);

export const feeNoteLines = pgTable(
  'fee_note_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    feeNoteId: uuid()
      .notNull()
      .references(() => feeNotes.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    kind: text().$type<FeeNoteLineKind>().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitPriceKsh: integer().notNull(),
    amountKsh: integer().notNull(),
  },
  (table) => [
    uniqueIndex('fee_note_lines_position_idx').on(table.feeNoteId, table.position),
    check('fee_note_lines_kind_check', sql`${table.kind} in ('fee', 'disbursement')`),
    check('fee_note_lines_quantity_check', sql`${table.quantity} >= 1`),
    check('fee_note_lines_unit_price_check', sql`${table.unitPriceKsh} >= 0`),
    check(
      'fee_note_lines_amount_check',
      sql`${table.amountKsh} = ${table.quantity} * ${table.unitPriceKsh}`,
    ),
  ],
);

/**
 * Money received: by hand (cash, bank, cheque, an M-Pesa payment made outside the portal), or an
 * M-Pesa STK push, which is `pending` until Safaricom's own query confirms it (ADR 034). A payment
 * settles one fee note or one appointment's fee; only a `succeeded` one counts and has a receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Whose money; null for a visitor's appointment (or once the account is deleted). */
    clientId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'restrict' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'restrict' }),
    amountKsh: integer().notNull(),
    method: text().$type<PaymentMethod>().notNull(),
    /** Where it came from (ADR 048); the migration that added it filled the older rows. */
    source: text().$type<PaymentSource>().notNull(),
    status: text().$type<PaymentState>().notNull(),
    /** The cheque number, bank reference or M-Pesa code typed by staff. */
    reference: text(),
    /** RC/<year>/<4+ digits>, given when it succeeds. */
    receiptNumber: text(),
    receivedAt: timestamp({ withTimezone: true }),
    recordedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** M-Pesa: the number the push went to (2547…), Safaricom's ids, and its answer. */
    phone: text(),
    checkoutRequestId: text(),
    merchantRequestId: text(),
    mpesaReceiptNumber: text(),
    resultCode: integer(),
    resultDesc: text(),
    /** Why staff must look at it (a callback whose amount differs from what was asked …). */
    flaggedReason: text(),
    /** When a pending push is next asked about (a callback may never come). */
    nextQueryAt: timestamp({ withTimezone: true }),
    queryAttempts: smallint().notNull().default(0),
    /** Of those, the queries Daraja refused (it does not know the push): a few, and it is given up. */
    queryRefusals: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_receipt_number_idx').on(table.receiptNumber),
    uniqueIndex('payments_checkout_request_id_idx').on(table.checkoutRequestId),
    uniqueIndex('payments_mpesa_receipt_number_idx').on(table.mpesaReceiptNumber),
    index('payments_fee_note_id_idx').on(table.feeNoteId),
    index('payments_appointment_id_idx').on(table.appointmentId),
    index('payments_client_created_idx').on(table.clientId, table.createdAt, table.id),
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_pending_query_idx')
      .on(table.nextQueryAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'payments_target_check',
      sql`(${table.feeNoteId} is null) <> (${table.appointmentId} is null)`,
    ),
    check('payments_amount_check', sql`${table.amountKsh} >= 1`),
    check('payments_method_check', sql`${table.method} in ('cash', 'bank', 'cheque', 'mpesa')`),
    check(
      'payments_source_check',
      sql`${table.source} in ('stk_push', 'paybill', 'manual', 'sweep')`,
    ),
    check(
      'payments_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed', 'reversed')`,
    ),
    check('payments_receipt_number_check', sql`${table.receiptNumber} ~ '^RC/[0-9]{4}/[0-9]{4,}$'`),
    check(
      'payments_succeeded_check',
      sql`(${table.status} in ('succeeded', 'reversed')) = (${table.receiptNumber} is not null) and (${table.status} in ('succeeded', 'reversed')) = (${table.receivedAt} is not null)`,
    ),
    // M-Pesa's transaction code only: it reaches the client's text and receipt (ADR 034).
    check(
      'payments_mpesa_receipt_format_check',
      sql`${table.mpesaReceiptNumber} ~ '^[A-Z0-9]{10}$'`,
    ),
    check(
      'payments_push_check',
      sql`${table.checkoutRequestId} is null or ${table.method} = 'mpesa'`,
    ),
  ],
);

/**
 * Each issued fee note's, credit note's and receipt's PDF as last drawn (ADR 035, addendum): one
 * row per document, kept while `render_key` (a hash of what the PDF shows and of the renderer's
 * version) still matches, so a repeated download sends these bytes rather than drawing again. A
 * payment, an overdue day or new firm settings change the key, and the next download replaces it.
 */
export const billingPdfs = pgTable('billing_pdfs', {
  /** `fee_note:<id>`, `credit_note:<fee note id>` or `receipt:<payment id>`. */
  document: text().primaryKey(),
  renderKey: text().notNull(),
  bytes: bytea().notNull(),
  renderedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type FeeNoteRow = typeof feeNotes.$inferSelect;
export type FeeNoteLineRow = typeof feeNoteLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
