import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientMoneyEntries, moneyAccounts } from './client-money';
import { users } from './users';

/**
 * A client account's imported bank or M-Pesa statements and their lines, each line matched to at
 * most one journal entry (ADR 046, docs/client-money-statements.md). Migration 0040's trigger
 * refuses a statement whose days overlap one already imported for the account, after taking the
 * account's row, so two imports of the same days take turns and the second is refused.
 */

export const clientMoneyStatements = pgTable(
  'client_money_statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid().notNull(),
    /** Always 'client': only a client account's statement is reconciled (composite key). */
    accountKind: text().notNull().default('client'),
    format: text().$type<'generic' | 'mpesa'>().notNull(),
    fileName: text().notNull(),
    /** The first and last line's Nairobi day. */
    firstDate: date({ mode: 'string' }).notNull(),
    lastDate: date({ mode: 'string' }).notNull(),
    openingBalanceKsh: bigint({ mode: 'number' }).notNull(),
    closingBalanceKsh: bigint({ mode: 'number' }).notNull(),
    importedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_money_statements_account_idx').on(table.accountId, table.firstDate),
    foreignKey({
      name: 'client_money_statements_account_fk',
      columns: [table.accountId, table.accountKind],
      foreignColumns: [moneyAccounts.id, moneyAccounts.kind],
    }),
    check('client_money_statements_account_kind_check', sql`${table.accountKind} = 'client'`),
    check('client_money_statements_format_check', sql`${table.format} in ('generic', 'mpesa')`),
    check('client_money_statements_dates_check', sql`${table.firstDate} <= ${table.lastDate}`),
  ],
);

export const clientMoneyStatementLines = pgTable(
  'client_money_statement_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    statementId: uuid()
      .notNull()
      .references(() => clientMoneyStatements.id, { onDelete: 'restrict' }),
    /** The file's line, as a spreadsheet numbers its rows. */
    lineNumber: integer().notNull(),
    lineDate: date({ mode: 'string' }).notNull(),
    lineTime: text(),
    description: text().notNull(),
    reference: text().notNull(),
    /** Whole shillings: positive for money in, negative for money out. */
    amountKsh: bigint({ mode: 'number' }).notNull(),
    balanceKsh: bigint({ mode: 'number' }),
    otherParty: text(),
    accountNumber: text(),
    /** The journal entry this line is, once matched; an entry is matched to one line at most. */
    entryId: uuid().references(() => clientMoneyEntries.id, { onDelete: 'restrict' }),
    matchedBy: text().$type<'auto' | 'hand'>(),
    /** Why the import matched it, in words (CLIENT_MONEY_STATEMENT_TEXTS). */
    matchReason: text(),
    matchedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('client_money_statement_lines_statement_idx').on(table.statementId, table.lineDate),
    uniqueIndex('client_money_statement_lines_entry_idx')
      .on(table.entryId)
      .where(sql`${table.entryId} is not null`),
    check('client_money_statement_lines_amount_check', sql`${table.amountKsh} <> 0`),
    check(
      'client_money_statement_lines_match_check',
      sql`(${table.entryId} is null) = (${table.matchedBy} is null) and (${table.matchedBy} is null or ${table.matchedBy} in ('auto', 'hand')) and (${table.entryId} is null) = (${table.matchedAt} is null)`,
    ),
  ],
);

export type ClientMoneyStatementRow = typeof clientMoneyStatements.$inferSelect;
export type ClientMoneyStatementLineRow = typeof clientMoneyStatementLines.$inferSelect;
