import { defineContract } from '../common/contract';
import { CLIENT_MONEY_ENDPOINTS } from './endpoints';
import {
  clientLedgerSchema,
  clientMoneyEntryParamsSchema,
  clientMoneyEntryRecordedSchema,
  createMoneyAccountSchema,
  ledgerBalancesSchema,
  ledgerParamsSchema,
  listLedgersQuerySchema,
  moneyAccountCreatedSchema,
  moneyAccountListSchema,
  recordClientMoneyEntrySchema,
  statementImportedSchema,
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
      'One client’s ledger: every movement with its running balance, and what each case holds',
    params: ledgerParamsSchema,
    response: clientLedgerSchema,
  },
  importStatement: {
    summary:
      'Import a client account’s bank or M-Pesa statement (multipart: field "accountId", then field "file", a CSV), matching its lines to the journal',
    response: statementImportedSchema,
    status: 201,
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
});
export type ClientMoneyContract = typeof clientMoneyContract;
