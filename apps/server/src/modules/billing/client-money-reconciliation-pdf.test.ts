import { describe, expect, it } from 'vitest';
import type { ClientMoneyReconciliationDocument } from './billing-documents';
import { LETTERHEAD, pagesOf } from './billing-pdf-test-kit';
import { renderClientMoneyReconciliationPdf } from './client-money-reconciliation-pdf';

/**
 * The reconciliation PDF's ledgers table (ADR 046) read back page by page: the total stays with
 * the last client's ledger whatever the number of clients, never alone on a page of its own.
 */

const reconciliation = (clients: number): ClientMoneyReconciliationDocument => ({
  letterhead: LETTERHEAD,
  accountLabel: 'KCB Client Account (Kenya Commercial Bank, Moi Avenue, 1104567890)',
  month: '2026-11',
  monthEnd: '2026-11-30',
  statementFiles: ['client-account-2026-11.csv'],
  statementClosingKsh: 22_250_830,
  depositsInTransitKsh: 350_000,
  unpresentedPaymentsKsh: 18_450,
  adjustedKsh: 22_582_380,
  cashBookKsh: 22_582_380,
  ledgersKsh: 22_582_380,
  reconciled: true,
  differences: [],
  locked: 'Reconciled and locked by Achieng Mwamba on Mon 7 Dec 2026, 09:15.',
  uncleared: [
    {
      date: '2026-11-27',
      what: 'Paid out for the client: Kiprotich Kipchumba Arap Langat, Court fees',
      reference: '004519',
      amountKsh: -18_450,
    },
  ],
  unmatched: [],
  ledgers: Array.from({ length: clients }, (_, index) => ({
    client: `Client number ${index + 1} Wanjiku-Kamau`,
    caseNumber: index % 2 ? `ELC ${100 + index} of 2026` : null,
    balanceKsh: 10_000 + index,
  })),
});

describe('the reconciliation PDF’s client ledgers', () => {
  it('keeps the total on the page of the last client’s ledger, however many clients', async () => {
    // From every client on the first page to the table running onto the second: at some count
    // the total alone would have been pushed over the page's foot.
    for (let clients = 1; clients <= 40; clients += 1) {
      const pages = pagesOf(await renderClientMoneyReconciliationPdf(reconciliation(clients)));
      const lastClient = `Client number ${clients} Wanjiku-Kamau`;
      const withTotal = pages.findIndex((page) => /^Total 22,582,380$/m.test(page));
      expect(withTotal, `${clients} clients`).toBeGreaterThanOrEqual(0);
      expect(pages[withTotal], `${clients} clients`).toContain(lastClient);
    }
  }, 60_000);
});
