import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildFixture,
  FIXTURE_MONTH,
  fixtureCsv,
  LEDGER_OPENINGS_KSH,
  type FixtureEntry,
} from './fixtures/november-2026';
import { monthEnd, reconcile } from './reconciliation';
import { readStatementCsv, type StatementLine } from './statement-csv';
import { matchStatement, type MatchLine } from './statement-matching';

/**
 * The November 2026 statement of the client account, imported, matched and reconciled as the
 * firm's accountant would: the bank charges nobody entered become entries against the client
 * whose transaction they were charged on, the deposit from an unknown number goes to the
 * unidentified receipts ledger, and the month then agrees to the shilling.
 */
const FILE = new URL('./fixtures/client-account-2026-11.csv', import.meta.url);
const lastDay = monthEnd(FIXTURE_MONTH);

const asMatchLine = (line: StatementLine): MatchLine & StatementLine => ({
  ...line,
  id: `line-${line.lineNumber}`,
});

function readFixture() {
  const read = readStatementCsv(readFileSync(FILE));
  if (!read.ok) throw new Error(read.errors.map((error) => error.message).join('\n'));
  return read;
}

/** The entries the reconciliation looks at: October's not yet cleared, and November's. */
const toMatch = (entries: FixtureEntry[], octoberUncleared: string[]) =>
  entries.filter(
    (entry) =>
      (entry.date > '2026-10-31' && entry.date <= lastDay) || octoberUncleared.includes(entry.id),
  );

function figures(entries: FixtureEntry[]) {
  const november = entries.filter((entry) => entry.date > '2026-10-31' && entry.date <= lastDay);
  const ledgers = new Map<string, number>(Object.entries(LEDGER_OPENINGS_KSH));
  for (const entry of november) {
    ledgers.set(entry.clientId, (ledgers.get(entry.clientId) ?? 0) + entry.amountKsh);
  }
  const openingCashBook = Object.values(LEDGER_OPENINGS_KSH).reduce((sum, value) => sum + value, 0);
  return {
    cashBookBalanceKsh: openingCashBook + november.reduce((sum, entry) => sum + entry.amountKsh, 0),
    clientLedgerBalances: [...ledgers].map(([clientId, balanceKsh]) => ({ clientId, balanceKsh })),
  };
}

describe('the November 2026 fixture statement', () => {
  it('is the file the story writes, byte for byte', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(fixtureCsv());
  });

  it('reads as 200 lines that run from the balance brought forward to the closing balance', () => {
    const read = readFixture();
    expect(read.format).toBe('generic');
    expect(read.lines).toHaveLength(200);
    expect(read.openingBalanceKsh).toBe(4_870_350);
    expect(read.closingBalanceKsh).toBe(22_250_830);
    expect(read.lines[0]).toMatchObject({ lineNumber: 7, date: '2026-11-01', amountKsh: 48_500 });
    expect(read.lines.filter((line) => line.amountKsh >= 1_000_000)).toHaveLength(2);
  });

  it('reconciles to the shilling once the bank charges and the unknown deposit are entered', () => {
    const read = readFixture();
    const { entries } = buildFixture();
    const octoberUncleared = entries
      .filter((entry) => entry.reference === '004498' || entry.reference === 'SKV1QX81ZA')
      .map((entry) => entry.id);
    const lines = read.lines.map(asMatchLine);

    // First pass: what the accountant sees after importing.
    const first = matchStatement(lines, toMatch(entries, octoberUncleared));
    expect(first.matches).toHaveLength(191);
    expect(first.unmatchedLines.map((line) => line.description)).toEqual([
      'RTGS CHARGES FT26310PQ7M1',
      'EXCISE DUTY ON CHARGES FT26310PQ7M1',
      'RETURNED CHEQUE CHARGE 004512',
      'EXCISE DUTY ON CHARGES 004512',
      'RTGS CHARGES FT26327ZT4C8',
      'EXCISE DUTY ON CHARGES FT26327ZT4C8',
      'RTGS CHARGES FT26330LM2N6',
      'EXCISE DUTY ON CHARGES FT26330LM2N6',
      'MPESA C2B SKU9ZB7Q2M 2547****318',
    ]);
    expect(first.unclearedEntries.map((entry) => [entry.reference, entry.amountKsh])).toEqual([
      ['004519', -18_450],
      ['BC 771204', 350_000],
    ]);
    // The returned cheque: both halves of the reversal pair matched by the cheque's number.
    const byLine = new Map(first.matches.map((match) => [match.lineId, match]));
    const chequeLines = lines.filter(
      (line) => line.reference === '004512' && Math.abs(line.amountKsh) === 350_000,
    );
    expect(chequeLines.map((line) => byLine.get(line.id)?.reason)).toEqual([
      'reference',
      'reference',
    ]);
    // October's cheque, presented on 3 November, 6 days after it was written.
    const october = lines.find((line) => line.reference === '004498')!;
    expect(byLine.get(october.id)).toMatchObject({ reason: 'reference', daysApart: 6 });

    const before = reconcile({
      month: FIXTURE_MONTH,
      statementClosingBalanceKsh: read.closingBalanceKsh,
      unclearedEntries: first.unclearedEntries,
      unmatchedLines: first.unmatchedLines,
      ...figures(entries),
    });
    // KSh 23,750 from the unknown number, less KSh 3,600 of charges nobody entered.
    expect(before.reconciled).toBe(false);
    expect(before.differences).toEqual([
      expect.objectContaining({
        kind: 'statement_vs_cash_book',
        amountKsh: 20_150,
        unmatchedLinesKsh: 20_150,
        unexplainedKsh: 0,
      }),
    ]);

    // The accountant enters each charge against the client whose transaction it was charged
    // on, and the unknown deposit to the unidentified receipts ledger.
    const clientOf = new Map(entries.map((entry) => [entry.reference, entry.clientId]));
    const entered: FixtureEntry[] = first.unmatchedLines.map((line, index) => ({
      id: `JE-9${String(index + 1).padStart(3, '0')}`,
      date: line.date,
      amountKsh: line.amountKsh,
      reference: line.reference,
      narrative: line.description,
      clientId: clientOf.get(line.reference) ?? 'unidentified-receipts',
    }));
    expect(entered.map((entry) => entry.clientId)).toEqual([
      'njeri',
      'njeri',
      'wairimu',
      'wairimu',
      'otieno',
      'otieno',
      'njeri',
      'njeri',
      'unidentified-receipts',
    ]);
    const journal = [...entries, ...entered];
    const second = matchStatement(lines, toMatch(journal, octoberUncleared));
    expect(second.unmatchedLines).toEqual([]);
    const after = reconcile({
      month: FIXTURE_MONTH,
      statementClosingBalanceKsh: read.closingBalanceKsh,
      unclearedEntries: second.unclearedEntries,
      unmatchedLines: second.unmatchedLines,
      ...figures(journal),
    });
    expect(after).toMatchObject({
      statement: {
        closingBalanceKsh: 22_250_830,
        depositsInTransitKsh: 350_000,
        unpresentedPaymentsKsh: 18_450,
        adjustedBalanceKsh: 22_582_380,
      },
      cashBookBalanceKsh: 22_582_380,
      clientLedgersTotalKsh: 22_582_380,
      reconciled: true,
      differences: [],
    });
    // No ledger went below zero on the way.
    for (const ledger of figures(journal).clientLedgerBalances) {
      expect(ledger.balanceKsh, ledger.clientId).toBeGreaterThanOrEqual(0);
    }
  });
});
