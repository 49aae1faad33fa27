import { describe, expect, it } from 'vitest';
import { LIMITATION_PERIOD_SEED, limitationLastDay } from './limitation-periods';

// A cause of action on Monday 2 March 2026; no holiday lands on any answer below except where set.
const HOLIDAYS = new Set(['2027-03-02', '2029-03-02']);
const isHoliday = (day: string) => HOLIDAYS.has(day);

const expected: Record<string, string> = {
  contract: '2032-03-02',
  tort: '2029-03-03', // 2 March 2029 is marked a holiday here: the next day, Saturday, is not excluded
  defamation: '2027-03-03', // 2 March 2027 marked a holiday: Wednesday 3rd
  personal_injury: '2029-03-03',
  account: '2032-03-02',
  judgment: '2038-03-02',
  penalty: '2028-03-02',
  land: '2038-03-02',
  employment: '2029-03-03',
  government_tort: '2027-03-03',
  government_contract: '2029-03-03',
};

describe('the seeded limitation periods', () => {
  it.each(LIMITATION_PERIOD_SEED.map((period) => [period.kind, period] as const))(
    'computes the last day to file for %s with its source',
    (kind, period) => {
      const answer = limitationLastDay(period, '2026-03-02', isHoliday);
      expect(answer.lastDay).toBe(expected[kind]);
      expect(answer.source).toMatch(/section \d/);
      expect(answer.rule).toContain(period.label);
    },
  );

  it('tells the advocate to give notice before suing the government', () => {
    const government = LIMITATION_PERIOD_SEED.filter((period) =>
      period.kind.startsWith('government'),
    );
    expect(government).toHaveLength(2);
    for (const period of government) expect(period.notice).toMatch(/30 days/);
  });

  it('has each kind once', () => {
    const kinds = LIMITATION_PERIOD_SEED.map((period) => period.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});
