import { describe, expect, it } from 'vitest';
import { monthsBefore, retentionCutoff } from './retention.service';

/** The retention cut-off: calendar months in UTC, one daily run ahead. */

describe('monthsBefore and retentionCutoff', () => {
  it('count calendar months in UTC, a missing day becoming the last of the month', () => {
    expect(monthsBefore(new Date('2027-03-15T09:00:00.000Z'), 12)).toEqual(
      new Date('2026-03-15T09:00:00.000Z'),
    );
    expect(monthsBefore(new Date('2028-02-29T23:30:00.000Z'), 12)).toEqual(
      new Date('2027-02-28T23:30:00.000Z'),
    );
    expect(monthsBefore(new Date('2027-03-31T00:00:00.000Z'), 1)).toEqual(
      new Date('2027-02-28T00:00:00.000Z'),
    );
    expect(monthsBefore(new Date('2027-01-31T12:00:00.000Z'), 2)).toEqual(
      new Date('2026-11-30T12:00:00.000Z'),
    );
  });

  it('reach one daily run ahead, so nothing outlives its months until the next run', () => {
    expect(retentionCutoff(new Date('2027-03-15T09:00:00.000Z'), 12)).toEqual(
      new Date('2026-03-16T09:00:00.000Z'),
    );
  });
});
