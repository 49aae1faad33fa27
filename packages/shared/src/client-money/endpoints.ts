import { defineEndpoints } from '../common/endpoints';

/** Client money (ADR 045): where each endpoint is; shapes in contract.ts. */
export const CLIENT_MONEY_ENDPOINTS = defineEndpoints({
  listAccounts: { method: 'GET', path: '/client-money/accounts' },
  createAccount: { method: 'POST', path: '/client-money/accounts' },
  recordEntry: { method: 'POST', path: '/client-money/entries' },
  listLedgers: { method: 'GET', path: '/client-money/ledgers' },
  getLedger: { method: 'GET', path: '/client-money/ledgers/:clientId' },
  importStatement: { method: 'POST', path: '/client-money/statements' },
  matchStatementLine: { method: 'POST', path: '/client-money/statements/lines/:id/match' },
  unmatchStatementLine: { method: 'DELETE', path: '/client-money/statements/lines/:id/match' },
  recordStatementLine: { method: 'POST', path: '/client-money/statements/lines/:id/entry' },
  getReconciliation: { method: 'GET', path: '/client-money/reconciliations' },
  lockMonth: { method: 'POST', path: '/client-money/reconciliations/:accountId/:month/lock' },
  reconciliationPdf: { method: 'GET', path: '/client-money/reconciliations/:accountId/:month/pdf' },
  receiptPdf: { method: 'GET', path: '/client-money/entries/:id/receipt.pdf' },
  ledgerPdf: { method: 'GET', path: '/client-money/ledgers/:clientId/pdf' },
  getMpesaDeposit: { method: 'GET', path: '/client-money/mpesa-deposits/:id' },
  // The accountant's practice-year pack (ADR 045): `:part` is the file, e.g. `journal.csv`.
  practiceYearPackPdf: { method: 'GET', path: '/client-money/practice-years/:year/pack.pdf' },
  practiceYearCsv: { method: 'GET', path: '/client-money/practice-years/:year/:part' },
});
