import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { clientMoneyEntries, moneyAccounts } from './client-money';
import { users } from './users';

/**
 * A client's deposit paid by M-Pesa from the portal (ADR 045, "M-Pesa deposits"): the STK push
 * asked for, followed as a fee note's push is (ADR 034), and once Safaricom's query confirms it,
 * the client-money receipt it posted. `entry_id` is the claim: set in the transaction that posts
 * the receipt, with the row locked, and unique, so a push posts one receipt however many
 * callbacks or processes confirm it.
 */
export const clientMoneyMpesaDeposits = pgTable(
  'client_money_mpesa_deposits',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** One of the client's cases (composite key), or none: the client's general money. */
    caseId: uuid(),
    /** The firm's M-Pesa client account (its paybill or till is MPESA_SHORTCODE). */
    accountId: uuid().notNull(),
    accountKind: text().notNull().default('client'),
    amountKsh: integer().notNull(),
    /** The number the push went to (E.164, +2547…). */
    phone: text().notNull(),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    checkoutRequestId: text(),
    merchantRequestId: text(),
    mpesaReceiptNumber: text(),
    resultCode: integer(),
    resultDesc: text(),
    /** The receipt posted once Safaricom confirmed the push. */
    entryId: uuid().references(() => clientMoneyEntries.id, { onDelete: 'restrict' }),
    nextQueryAt: timestamp({ withTimezone: true }),
    queryAttempts: smallint().notNull().default(0),
    queryRefusals: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_money_mpesa_deposits_checkout_idx').on(table.checkoutRequestId),
    uniqueIndex('client_money_mpesa_deposits_receipt_idx').on(table.mpesaReceiptNumber),
    uniqueIndex('client_money_mpesa_deposits_entry_idx').on(table.entryId),
    index('client_money_mpesa_deposits_client_idx').on(table.clientId, table.createdAt),
    index('client_money_mpesa_deposits_pending_idx')
      .on(table.nextQueryAt)
      .where(sql`${table.status} = 'pending'`),
    foreignKey({
      name: 'client_money_mpesa_deposits_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
    foreignKey({
      name: 'client_money_mpesa_deposits_account_fk',
      columns: [table.accountId, table.accountKind],
      foreignColumns: [moneyAccounts.id, moneyAccounts.kind],
    }),
    check('client_money_mpesa_deposits_account_check', sql`${table.accountKind} = 'client'`),
    check('client_money_mpesa_deposits_amount_check', sql`${table.amountKsh} >= 1`),
    check(
      'client_money_mpesa_deposits_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed')`,
    ),
    // Succeeded exactly when its receipt is posted.
    check(
      'client_money_mpesa_deposits_entry_check',
      sql`(${table.status} = 'succeeded') = (${table.entryId} is not null)`,
    ),
    // M-Pesa's transaction code only: it reaches the client's receipt and text (ADR 034).
    check(
      'client_money_mpesa_deposits_receipt_format_check',
      sql`${table.mpesaReceiptNumber} ~ '^[A-Z0-9]{10}$'`,
    ),
  ],
);

export type ClientMoneyMpesaDepositRow = typeof clientMoneyMpesaDeposits.$inferSelect;
