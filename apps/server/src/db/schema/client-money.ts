import type { ClientMoneyEntryKind, MoneyAccountKind } from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { feeNotes, payments } from './billing';
import { cases } from './cases';
import { users } from './users';

/**
 * Client money (ADR 045): the firm's accounts, one double-entry journal, each client's and case's
 * balance kept by the database, and the months reconciliation has locked. The rules that make the
 * money safe are the database's own: the triggers of migration 0039 keep the balances, refuse a
 * ledger below zero, an entry that does not balance, client money in an office account, a changed
 * or deleted entry, and an entry dated in a locked month.
 */

export const moneyAccounts = pgTable(
  'money_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    kind: text().$type<MoneyAccountKind>().notNull(),
    /** The bank, or M-Pesa. */
    institution: text().notNull(),
    /** The account number, paybill or till. */
    number: text().notNull(),
    /** What the statement showed at the start of the opening date (reconciliation starts there). */
    openingBalanceKsh: integer().notNull(),
    openingDate: date({ mode: 'string' }).notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The target of the (account, kind) foreign keys: a line or entry names the kind it needs.
    unique('money_accounts_id_kind_key').on(table.id, table.kind),
    uniqueIndex('money_accounts_number_idx').on(table.institution, table.number),
    check('money_accounts_kind_check', sql`${table.kind} in ('office', 'client')`),
    check('money_accounts_opening_balance_check', sql`${table.openingBalanceKsh} >= 0`),
  ],
);

/** One journal entry: what happened, never updated or deleted (a reversal corrects it). */
export const clientMoneyEntries = pgTable(
  'client_money_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<ClientMoneyEntryKind>().notNull(),
    /** A Nairobi calendar day: when the money moved. */
    entryDate: date({ mode: 'string' }).notNull(),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    caseId: uuid(),
    /** The client account the money came into or went out of. */
    accountId: uuid().notNull(),
    accountKind: text().$type<'client'>().notNull().default('client'),
    /** A transfer's office account. */
    officeAccountId: uuid(),
    officeAccountKind: text().$type<'office'>(),
    amountKsh: integer().notNull(),
    reference: text().notNull(),
    narrative: text().notNull(),
    /** CR/<year>/<4+ digits>: a receipt's own gap-free series. */
    receiptNumber: text(),
    /** A transfer's fee note, and the payment it recorded against it (billing's). */
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'restrict' }),
    paymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    reversesId: uuid().references((): AnyPgColumn => clientMoneyEntries.id, {
      onDelete: 'restrict',
    }),
    reason: text(),
    recordedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_money_entries_receipt_number_idx').on(table.receiptNumber),
    // An entry is reversed at most once.
    uniqueIndex('client_money_entries_reverses_idx').on(table.reversesId),
    index('client_money_entries_client_idx').on(
      table.clientId,
      table.entryDate,
      table.createdAt,
      table.id,
    ),
    index('client_money_entries_account_idx').on(table.accountId, table.entryDate),
    // Balances at a past day read the entries after it (or up to it) by date (migration 0042).
    index('client_money_entries_date_idx').on(table.entryDate, table.id),
    foreignKey({
      name: 'client_money_entries_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
    foreignKey({
      name: 'client_money_entries_account_fk',
      columns: [table.accountId, table.accountKind],
      foreignColumns: [moneyAccounts.id, moneyAccounts.kind],
    }),
    foreignKey({
      name: 'client_money_entries_office_account_fk',
      columns: [table.officeAccountId, table.officeAccountKind],
      foreignColumns: [moneyAccounts.id, moneyAccounts.kind],
    }),
    check(
      'client_money_entries_kind_check',
      sql`${table.kind} in ('receipt', 'payment', 'transfer_to_office', 'refund', 'reversal')`,
    ),
    check('client_money_entries_amount_check', sql`${table.amountKsh} > 0`),
    // Client money is held in a client account; a transfer's other side is an office account.
    check('client_money_entries_client_account_check', sql`${table.accountKind} = 'client'`),
    check(
      'client_money_entries_office_account_check',
      sql`(${table.kind} = 'transfer_to_office') = (${table.officeAccountId} is not null) and (${table.officeAccountId} is null) = (${table.officeAccountKind} is null) and (${table.officeAccountKind} is null or ${table.officeAccountKind} = 'office')`,
    ),
    check(
      'client_money_entries_receipt_number_check',
      sql`(${table.kind} = 'receipt') = (${table.receiptNumber} is not null) and ${table.receiptNumber} ~ '^CR/[0-9]{4}/[0-9]{4,}$'`,
    ),
    check(
      'client_money_entries_fee_note_check',
      sql`(${table.kind} = 'transfer_to_office') = (${table.feeNoteId} is not null) and (${table.feeNoteId} is not null) = (${table.paymentId} is not null)`,
    ),
    check(
      'client_money_entries_reversal_check',
      sql`(${table.kind} = 'reversal') = (${table.reversesId} is not null) and (${table.kind} = 'reversal') = (${table.reason} is not null)`,
    ),
  ],
);

/**
 * An entry's postings, summing to zero (debits positive): a client account's line is the money in
 * it, a client ledger's line what is owed to the client (negative: held for them), a fee note's
 * line what the client owes the firm on it.
 */
export const clientMoneyLines = pgTable(
  'client_money_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    entryId: uuid()
      .notNull()
      .references(() => clientMoneyEntries.id, { onDelete: 'restrict' }),
    postsTo: text().$type<'account' | 'client_ledger' | 'fee_note'>().notNull(),
    accountId: uuid(),
    accountKind: text().$type<MoneyAccountKind>(),
    clientId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    caseId: uuid(),
    feeNoteId: uuid().references(() => feeNotes.id, { onDelete: 'restrict' }),
    amountKsh: integer().notNull(),
  },
  (table) => [
    index('client_money_lines_entry_idx').on(table.entryId),
    index('client_money_lines_client_idx').on(table.clientId, table.caseId),
    // An entry's client ledger lines from the index alone, for balances at a past day
    // (migration 0042).
    index('client_money_lines_ledger_idx')
      .on(table.entryId, table.clientId, table.caseId, table.amountKsh)
      .where(sql`${table.postsTo} = 'client_ledger'`),
    foreignKey({
      name: 'client_money_lines_account_fk',
      columns: [table.accountId, table.accountKind],
      foreignColumns: [moneyAccounts.id, moneyAccounts.kind],
    }),
    foreignKey({
      name: 'client_money_lines_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
    check(
      'client_money_lines_posts_to_check',
      sql`${table.postsTo} in ('account', 'client_ledger', 'fee_note')`,
    ),
    check('client_money_lines_amount_check', sql`${table.amountKsh} <> 0`),
    check(
      'client_money_lines_shape_check',
      sql`(${table.postsTo} = 'account') = (${table.accountId} is not null) and (${table.accountId} is null) = (${table.accountKind} is null) and (${table.postsTo} = 'client_ledger') = (${table.clientId} is not null) and (${table.caseId} is null or ${table.clientId} is not null) and (${table.postsTo} = 'fee_note') = (${table.feeNoteId} is not null)`,
    ),
  ],
);

/**
 * What is held for each client on each case (`case_id` null: on no case), kept by the lines'
 * trigger. The CHECK is the rule that a ledger never goes below zero; the row lock the trigger's
 * update takes makes two entries on the same money take turns (ADR 045).
 */
export const clientMoneyBalances = pgTable(
  'client_money_balances',
  {
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    caseId: uuid(),
    balanceKsh: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    unique('client_money_balances_key').on(table.clientId, table.caseId).nullsNotDistinct(),
    foreignKey({
      name: 'client_money_balances_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
    check('client_money_balances_not_negative', sql`${table.balanceKsh} >= 0`),
  ],
);

/**
 * What each client ledger held at the end of each month it moved in (`month`: its first day), kept
 * by the lines' trigger of migration 0044 in the entry's transaction, so it never disagrees with
 * the journal: a past day's balances start from here (ADR 053). A month with no row held what the
 * latest earlier row says.
 */
export const clientMoneyMonthlyBalances = pgTable(
  'client_money_monthly_balances',
  {
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    caseId: uuid(),
    month: date({ mode: 'string' }).notNull(),
    closingKsh: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    unique('client_money_monthly_balances_key')
      .on(table.clientId, table.caseId, table.month)
      .nullsNotDistinct(),
    // The migration adds INCLUDE (case_id, closing_ksh), which drizzle does not write: the
    // latest month before a day is read from the index alone.
    index('client_money_monthly_balances_latest_idx').on(table.clientId, table.month.desc()),
    foreignKey({
      name: 'client_money_monthly_balances_case_client_fk',
      columns: [table.caseId, table.clientId],
      foreignColumns: [cases.id, cases.clientId],
    }),
    check('client_money_monthly_balances_month_check', sql`extract(day from ${table.month}) = 1`),
  ],
);

/** A month of an account reconciled and locked: no entry may be dated in it (reconciliation). */
export const clientMoneyMonthLocks = pgTable(
  'client_money_month_locks',
  {
    accountId: uuid()
      .notNull()
      .references(() => moneyAccounts.id, { onDelete: 'restrict' }),
    /** `YYYY-MM`. */
    month: text().notNull(),
    lockedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.month] }),
    check(
      'client_money_month_locks_month_check',
      sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`,
    ),
  ],
);

export type MoneyAccountRow = typeof moneyAccounts.$inferSelect;
export type ClientMoneyEntryRow = typeof clientMoneyEntries.$inferSelect;
