import { defineContract } from '../common/contract';
import { CLIENT_MONEY_ENDPOINTS } from './endpoints';
import {
  clientLedgerSchema,
  clientMoneyEntryParamsSchema,
  clientMoneyEntryRecordedSchema,
  createMoneyAccountSchema,
  ledgerBalancesSchema,
  ledgerParamsSchema,
  ledgerQuerySchema,
  listLedgersQuerySchema,
  moneyAccountCreatedSchema,
  matchStatementLineSchema,
  moneyAccountListSchema,
  monthLockedSchema,
  reconciliationParamsSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  mpesaDepositParamsSchema,
  mpesaDepositSchema,
  practiceYearCsvParamsSchema,
  practiceYearCsvQuerySchema,
  practiceYearParamsSchema,
  recordClientMoneyEntrySchema,
  recordStatementLineSchema,
  statementImportedSchema,
  statementLineMatchedSchema,
  statementLineParamsSchema,
} from './schemas';

/** Client money: each endpoint's params, query, body and answer (ADR 044, ADR 045). */
export const clientMoneyContract = defineContract(CLIENT_MONEY_ENDPOINTS, {
  listAccounts: {
    summary: 'The firm’s office and client accounts (bank accounts, M-Pesa paybills and tills)',
    response: moneyAccountListSchema,
  },
  createAccount: {
    summary: 'Add an office or client account with its opening balance',
    body: createMoneyAccountSchema,
    response: moneyAccountCreatedSchema,
    status: 201,
  },
  recordEntry: {
    summary:
      'Record client money received, paid out, transferred to office to settle a fee note, refunded, or reverse an entry',
    body: recordClientMoneyEntrySchema,
    response: clientMoneyEntryRecordedSchema,
    status: 201,
  },
  listLedgers: {
    summary: 'What is held for each client and case, now or at the end of a past day',
    query: listLedgersQuerySchema,
    response: ledgerBalancesSchema,
  },
  getLedger: {
    summary:
      'One client’s ledger: its movements with their running balance (every one, or a page with `limit` and `before`), and what each case holds',
    params: ledgerParamsSchema,
    query: ledgerQuerySchema,
    response: clientLedgerSchema,
  },
  importStatement: {
    summary:
      'Import a client account’s bank or M-Pesa statement (multipart: field "accountId", then field "file", a CSV), matching its lines to the journal',
    response: statementImportedSchema,
    status: 201,
  },
  matchStatementLine: {
    summary:
      'Match a statement line by hand to a journal entry of its account of the same amount and direction',
    params: statementLineParamsSchema,
    body: matchStatementLineSchema,
    response: statementLineMatchedSchema,
  },
  unmatchStatementLine: {
    summary:
      'Undo a statement line’s match (automatic or by hand), leaving line and entry unmatched',
    params: statementLineParamsSchema,
    response: statementLineMatchedSchema,
  },
  recordStatementLine: {
    summary:
      'Record a statement line the cash book lacks as an entry (a receipt for money in, a payment for money out) and match it',
    params: statementLineParamsSchema,
    body: recordStatementLineSchema,
    response: statementLineMatchedSchema,
    status: 201,
  },
  getReconciliation: {
    summary:
      'The three-way reconciliation of a client account for a month: statement, cash book and client ledgers',
    query: reconciliationQuerySchema,
    response: reconciliationSchema,
  },
  lockMonth: {
    summary: 'Lock a reconciled month of a client account: no entry may be dated in it afterwards',
    params: reconciliationParamsSchema,
    response: monthLockedSchema,
  },
  reconciliationPdf: {
    summary: 'A month’s reconciliation of a client account as an A4 PDF',
    params: reconciliationParamsSchema,
    response: 'file',
  },
  receiptPdf: {
    summary: 'A receipt into a client account as an A4 PDF marked “client account”',
    params: clientMoneyEntryParamsSchema,
    response: 'file',
  },
  ledgerPdf: {
    summary:
      'One client’s statement of client money as an A4 PDF: what each case holds, every movement with its running balance',
    params: ledgerParamsSchema,
    response: 'file',
  },
  getMpesaDeposit: {
    summary:
      'A deposit the client is paying by M-Pesa (POST /payments/mpesa, purpose "deposit"), followed until Safaricom confirms it and its receipt is posted',
    params: mpesaDepositParamsSchema,
    response: mpesaDepositSchema,
  },
  practiceYearPackPdf: {
    summary:
      'The accountant’s pack of a practice year (1 January to 31 December, Nairobi days) as one A4 PDF: the journal, each client’s ledger, the client balances at 31 December and the twelve monthly reconciliations of each client account',
    params: practiceYearParamsSchema,
    response: 'file',
  },
  practiceYearCsv: {
    summary:
      'One part of a practice year’s pack as CSV (streamed): journal.csv, ledgers.csv, balances.csv (at `asOf`, 31 December by default) or reconciliations.csv',
    params: practiceYearCsvParamsSchema,
    query: practiceYearCsvQuerySchema,
    response: 'file',
  },
});
export type ClientMoneyContract = typeof clientMoneyContract;
