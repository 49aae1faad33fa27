import type { ClientLedger } from '@firm/shared';

export type LedgerEntry = ClientLedger['entries'][number];

/** A receipt into the client account as a ledger lists it; `over` sets what a test is about. */
export const aLedgerEntry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: '66666666-6666-4666-8666-666666666661',
  kind: 'receipt',
  receiptNumber: 'CR/2026/0007',
  date: '2026-11-30',
  clientId: '00000000-0000-4000-8000-000000000003',
  caseId: 'c1',
  caseNumber: 'MA/2026/0142',
  accountId: 'a1',
  accountName: 'KCB client account',
  officeAccountId: null,
  amountKsh: 250_000,
  ledgerEffectKsh: 250_000,
  reference: 'QK7H2M9XYZ',
  narrative: 'Deposit for court fees',
  feeNoteId: null,
  feeNoteNumber: null,
  reversesId: null,
  reversedById: null,
  reason: null,
  createdAt: '2026-11-30T20:58:00.000Z',
  runningBalanceKsh: 250_000,
  ...over,
});
