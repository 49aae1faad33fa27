import { describe, expect, it } from 'vitest';
import {
  matchReasonText,
  matchStatement,
  referenceTokens,
  type MatchEntry,
  type MatchLine,
} from './statement-matching';

const line = (
  id: string,
  date: string,
  amountKsh: number,
  reference = '',
  description = 'DEPOSIT',
): MatchLine => ({
  id,
  date,
  amountKsh,
  reference,
  description,
});
const entry = (
  id: string,
  date: string,
  amountKsh: number,
  reference = '',
  narrative = 'Receipt',
): MatchEntry => ({
  id,
  date,
  amountKsh,
  reference,
  narrative,
});
const pairs = (result: ReturnType<typeof matchStatement>) =>
  result.matches.map((match) => [match.lineId, match.entryId, match.reason, match.daysApart]);

describe('matching statement lines to journal entries', () => {
  it('matches by reference before date, whatever the case of the M-Pesa code', () => {
    const result = matchStatement(
      [
        line('L1', '2026-11-10', 185_000, 'QKJ3X7Y8ZP', 'MPESA C2B NJERI WANJIKU-KAMAU'),
        line('L2', '2026-11-10', 185_000, 'RTGS2611100045'),
      ],
      [
        entry('E-same-day', '2026-11-10', 185_000, 'Bank slip 771'),
        entry('E-mpesa', '2026-11-07', 185_000, 'qkj3x7y8zp'),
      ],
    );
    expect(pairs(result)).toEqual([
      ['L1', 'E-mpesa', 'reference', 3],
      ['L2', 'E-same-day', 'amount_and_date', 0],
    ]);
    expect(matchReasonText(result.matches[0]!)).toBe(
      'Same amount and reference qkj3x7y8zp, 3 days apart',
    );
    expect(matchReasonText(result.matches[1]!)).toBe('Same amount, same day');
  });

  it('finds a cheque number in the bank’s narrative, weeks after the cheque was written', () => {
    const result = matchStatement(
      [line('L1', '2026-11-27', -1_450_000, '', 'CHQ 004512 PRESENTED ARDHI HOUSE VALUERS LTD')],
      [entry('E1', '2026-11-03', -1_450_000, 'Cheque 4512')],
    );
    expect(pairs(result)).toEqual([['L1', 'E1', 'reference', 24]]);
  });

  it('never matches money in with money out, or a different amount', () => {
    const result = matchStatement(
      [line('L1', '2026-11-10', -50_000, 'QKJ3X7Y8ZP'), line('L2', '2026-11-10', 50_001)],
      [entry('E1', '2026-11-10', 50_000, 'QKJ3X7Y8ZP')],
    );
    expect(result.matches).toEqual([]);
    expect(result.unmatchedLines.map((unmatched) => unmatched.id)).toEqual(['L1', 'L2']);
    expect(result.unclearedEntries.map((uncleared) => uncleared.id)).toEqual(['E1']);
  });

  it('keeps to the date window, which can be widened', () => {
    const lines = [line('L1', '2026-11-30', 23_750)];
    const entries = [entry('E1', '2026-11-26', 23_750)];
    expect(matchStatement(lines, entries).matches).toEqual([]);
    expect(pairs(matchStatement(lines, entries, { dateWindowDays: 4 }))).toEqual([
      ['L1', 'E1', 'amount_and_date', 4],
    ]);
    expect(
      matchStatement(
        [line('L1', '2026-11-27', -9_800, '004513')],
        [entry('E1', '2026-09-01', -9_800, '004513')],
      ).matches,
    ).toEqual([]);
  });

  it('matches one to one, the closest pairs first, an earlier entry before a later one', () => {
    const result = matchStatement(
      [
        line('L-1st', '2026-11-01', 12_500),
        line('L-3rd', '2026-11-03', 12_500),
        line('L-10th', '2026-11-10', 12_500),
      ],
      [
        entry('E-2nd', '2026-11-02', 12_500),
        entry('E-3rd', '2026-11-03', 12_500),
        entry('E-9th', '2026-11-09', 12_500),
        entry('E-11th', '2026-11-11', 12_500),
      ],
    );
    expect(pairs(result)).toEqual([
      ['L-1st', 'E-2nd', 'amount_and_date', 1],
      ['L-3rd', 'E-3rd', 'amount_and_date', 0],
      ['L-10th', 'E-9th', 'amount_and_date', 1],
    ]);
    expect(result.unclearedEntries.map((uncleared) => uncleared.id)).toEqual(['E-11th']);
  });

  it('gives the same matches whatever order the lines and entries come in', () => {
    const lines = Array.from({ length: 40 }, (_, index) =>
      line(
        `L${index}`,
        `2026-11-${String(1 + (index % 28)).padStart(2, '0')}`,
        1_000 * (1 + (index % 3)),
      ),
    );
    const entries = Array.from({ length: 40 }, (_, index) =>
      entry(
        `E${index}`,
        `2026-11-${String(1 + ((index * 7) % 28)).padStart(2, '0')}`,
        1_000 * (1 + (index % 3)),
      ),
    );
    const forwards = matchStatement(lines, entries);
    const backwards = matchStatement([...lines].reverse(), [...entries].reverse());
    expect(backwards).toEqual(forwards);
    expect(forwards.matches.length).toBeGreaterThan(10);
  });

  it('does not take a year or a short word for a reference', () => {
    expect(referenceTokens('Fee note FN/2026/0417, cheque 000231 QKJ3X7Y8ZP')).toEqual([
      '417',
      '231',
      'QKJ3X7Y8ZP',
      'FEENOTEFN20260417CHEQUE000231QKJ3X7Y8ZP',
    ]);
    const result = matchStatement(
      [line('L1', '2026-11-20', 7_000, '', 'SERVICE CHARGE NOV 2026')],
      [entry('E1', '2026-11-05', 7_000, '2026')],
    );
    expect(result.matches).toEqual([]);
  });

  // How long it takes is measured by `npm run bench:api`, not asserted here (shared machines).
  it('matches 5,000 lines with 5,000 entries, even of two amounts only', () => {
    // Every fifth pair shares an M-Pesa code and lies 10 days apart (beyond the date window);
    // the rest share a day. Two amounts only, so each day holds ~125 candidates of each.
    const day = (index: number, later = 0) =>
      `2026-11-${String(1 + (index % 20) + later).padStart(2, '0')}`;
    const code = (index: number) => (index % 5 ? '' : `QK${String(index).padStart(8, '0')}`);
    const amount = (index: number) => (index % 2 ? 10_000 : -10_000);
    const lines = Array.from({ length: 5_000 }, (_, index) =>
      line(`L${index}`, day(index, index % 5 ? 0 : 10), amount(index), code(index)),
    );
    const entries = Array.from({ length: 5_000 }, (_, index) =>
      entry(`E${index}`, day(index), amount(index), code(index)),
    );
    const result = matchStatement(lines, entries);
    expect(result.matches).toHaveLength(5_000);
    expect(result.matches.filter((match) => match.reason === 'reference')).toHaveLength(1_000);
  });
});
