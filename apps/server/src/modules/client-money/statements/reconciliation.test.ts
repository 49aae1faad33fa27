import { describe, expect, it } from 'vitest';
import { monthEnd, reconcile, type ReconciliationInput } from './reconciliation';

/**
 * November 2026 on the client account: the statement closes at KSh 6,101,900; a cheque of
 * KSh 350,000 banked at 16:45 on the 30th is credited on 2 December, and cheque 004519 of
 * KSh 18,450 to the Judiciary is not yet presented.
 */
const NOVEMBER: ReconciliationInput = {
  month: '2026-11',
  statementClosingBalanceKsh: 6_101_900,
  unclearedEntries: [
    { id: 'E-cheque-in', date: '2026-11-30', amountKsh: 350_000 },
    { id: 'E-cheque-004519', date: '2026-11-27', amountKsh: -18_450 },
  ],
  unmatchedLines: [],
  cashBookBalanceKsh: 6_433_450,
  clientLedgerBalances: [
    { clientId: 'njeri-wanjiku-kamau', caseId: 'plot-2231', balanceKsh: 4_250_000 },
    { clientId: 'otieno-ochieng-odhiambo', caseId: null, balanceKsh: 2_183_450 },
  ],
};

describe('the three-way reconciliation', () => {
  it('is reconciled when the adjusted statement, the cash book and the ledgers agree', () => {
    expect(reconcile(NOVEMBER)).toEqual({
      month: '2026-11',
      statement: {
        closingBalanceKsh: 6_101_900,
        depositsInTransitKsh: 350_000,
        unpresentedPaymentsKsh: 18_450,
        adjustedBalanceKsh: 6_433_450,
      },
      cashBookBalanceKsh: 6_433_450,
      clientLedgersTotalKsh: 6_433_450,
      reconciled: true,
      differences: [],
    });
  });

  it('names the bank charges the cash book lacks', () => {
    const result = reconcile({
      ...NOVEMBER,
      statementClosingBalanceKsh: 6_101_720,
      unmatchedLines: [
        { id: 'line-199', date: '2026-11-30', amountKsh: -150 },
        { id: 'line-200', date: '2026-11-30', amountKsh: -30 },
      ],
    });
    expect(result.reconciled).toBe(false);
    expect(result.statement.adjustedBalanceKsh).toBe(6_433_270);
    expect(result.differences).toEqual([
      {
        kind: 'statement_vs_cash_book',
        amountKsh: -180,
        unmatchedLineIds: ['line-199', 'line-200'],
        unmatchedLinesKsh: -180,
        unexplainedKsh: 0,
        sentences: [
          'The adjusted statement balance is KSh 180 less than the cash book.',
          '2 statement lines are not in the cash book (KSh 180 out): record them in the cash book, or match them by hand.',
        ],
      },
    ]);
  });

  it('says what no line explains, such as a cheque matched by hand to an entry typed wrong', () => {
    // Cheque 004519 was presented (KSh 18,450) and matched by hand to its entry, typed 18,540.
    const result = reconcile({
      ...NOVEMBER,
      statementClosingBalanceKsh: 6_083_450,
      unclearedEntries: [NOVEMBER.unclearedEntries[0]!],
      cashBookBalanceKsh: 6_433_360,
      clientLedgerBalances: [{ clientId: 'otieno-ochieng-odhiambo', balanceKsh: 6_433_360 }],
    });
    expect(result.reconciled).toBe(false);
    expect(result.differences).toEqual([
      {
        kind: 'statement_vs_cash_book',
        amountKsh: 90,
        unmatchedLineIds: [],
        unmatchedLinesKsh: 0,
        unexplainedKsh: 90,
        sentences: [
          'The adjusted statement balance is KSh 90 more than the cash book.',
          'KSh 90 is not explained by any unmatched line: look for an entry with a wrong amount or date.',
        ],
      },
    ]);
  });

  it('says when the cash book and the client ledgers disagree', () => {
    const result = reconcile({
      ...NOVEMBER,
      clientLedgerBalances: [
        ...NOVEMBER.clientLedgerBalances,
        { clientId: 'wekesa', balanceKsh: 1_250 },
      ],
    });
    expect(result.clientLedgersTotalKsh).toBe(6_434_700);
    expect(result.reconciled).toBe(false);
    expect(result.differences).toEqual([
      {
        kind: 'cash_book_vs_client_ledgers',
        amountKsh: -1_250,
        sentences: ['The cash book is KSh 1,250 less than the client ledgers add up to.'],
      },
    ]);
  });

  it('is not reconciled while statement lines that cancel out are not in the cash book', () => {
    const result = reconcile({
      ...NOVEMBER,
      unmatchedLines: [
        { id: 'line-41', date: '2026-11-12', amountKsh: 1_250_000 },
        { id: 'line-42', date: '2026-11-13', amountKsh: -1_250_000 },
      ],
    });
    expect(result.statement.adjustedBalanceKsh).toBe(result.cashBookBalanceKsh);
    expect(result.reconciled).toBe(false);
    expect(result.differences).toEqual([
      expect.objectContaining({
        amountKsh: 0,
        unexplainedKsh: 0,
        sentences: [
          '2 statement lines are not in the cash book (cancelling out): record them in the cash book, or match them by hand.',
        ],
      }),
    ]);
  });

  it('refuses an item from after the month, and amounts that are not whole shillings', () => {
    expect(() =>
      reconcile({
        ...NOVEMBER,
        unclearedEntries: [{ id: 'E-december', date: '2026-12-01', amountKsh: 23_750 }],
      }),
    ).toThrow('Item E-december is dated after 2026-11-30');
    expect(() => reconcile({ ...NOVEMBER, cashBookBalanceKsh: 6_433_450.5 })).toThrow(
      'The cash book balance must be whole shillings',
    );
  });

  it('knows the last day of each month', () => {
    expect(monthEnd('2026-11')).toBe('2026-11-30');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
    expect(monthEnd('2026-02')).toBe('2026-02-28');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(() => monthEnd('2026-13')).toThrow('Not a month: 2026-13');
  });
});
