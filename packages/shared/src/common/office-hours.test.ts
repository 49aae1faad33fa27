import { describe, expect, it } from 'vitest';
import { isOfficeOpen } from './office-hours';

// 2026-11-23 is a Monday. Nairobi is UTC+3 all year.
describe('isOfficeOpen (office hours, computed in Africa/Nairobi)', () => {
  it.each([
    ['Monday 07:59 Nairobi', '2026-11-23T04:59:00Z', false],
    ['Monday 08:00 Nairobi', '2026-11-23T05:00:00Z', true],
    ['Wednesday 13:30 Nairobi', '2026-11-25T10:30:00Z', true],
    ['Friday 17:59 Nairobi', '2026-11-27T14:59:00Z', true],
    ['Friday 18:00 Nairobi', '2026-11-27T15:00:00Z', false],
    ['Saturday 08:59 Nairobi', '2026-11-28T05:59:00Z', false],
    ['Saturday 09:00 Nairobi', '2026-11-28T06:00:00Z', true],
    ['Saturday 13:59 Nairobi', '2026-11-28T10:59:00Z', true],
    ['Saturday 14:00 Nairobi', '2026-11-28T11:00:00Z', false],
    ['Sunday 11:00 Nairobi', '2026-11-29T08:00:00Z', false],
    // 23:30 UTC on Sunday is already Monday 02:30 in Nairobi: still closed.
    ['Monday 02:30 Nairobi', '2026-11-29T23:30:00Z', false],
    // 05:30 UTC on Monday is 08:30 in Nairobi, even though it is before 8 in UTC.
    ['Monday 08:30 Nairobi', '2026-11-23T05:30:00Z', true],
  ])('%s → open: %s', (_label, iso, expected) => {
    expect(isOfficeOpen(new Date(iso))).toBe(expected);
  });
});
