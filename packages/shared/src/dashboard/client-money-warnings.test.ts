import { describe, expect, it } from 'vitest';
import { overdueReconciliations } from './rules';

/** A client account's months to reconcile: each is due by the 15th of the next month (ADR 045). */
describe('overdueReconciliations', () => {
  it('counts a month overdue from the 16th of the next month, not on the 15th', () => {
    expect(overdueReconciliations('2026-09-20', '2026-11-15', new Set())).toEqual(['2026-09']);
    expect(overdueReconciliations('2026-09-20', '2026-11-16', new Set())).toEqual([
      '2026-09',
      '2026-10',
    ]);
  });

  it('starts at the opening month and leaves out the locked months, across a year end', () => {
    expect(overdueReconciliations('2025-11-30', '2026-01-16', new Set(['2025-11']))).toEqual([
      '2025-12',
    ]);
    expect(overdueReconciliations('2025-11-30', '2026-01-15', new Set(['2025-11']))).toEqual([]);
  });

  it('has nothing overdue for an account opened this month or not yet open', () => {
    expect(overdueReconciliations('2026-12-01', '2026-12-31', new Set())).toEqual([]);
    expect(overdueReconciliations('2027-02-01', '2026-12-31', new Set())).toEqual([]);
  });
});
