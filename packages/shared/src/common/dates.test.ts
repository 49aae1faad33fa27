import { describe, expect, it } from 'vitest';
import {
  formatLongDay,
  formatMonthTitle,
  formatNairobiDate,
  formatNairobiDateTime,
  formatNairobiDay,
  formatNairobiDayMonth,
  formatNairobiDayTime,
  formatNairobiTime,
} from './dates';

describe('formatNairobiDateTime and formatNairobiDate', () => {
  it('reads an instant as words on a Nairobi clock', () => {
    expect(formatNairobiDateTime('2026-11-26T07:00:00Z')).toBe('Thu 26 Nov 2026, 10:00');
    expect(formatNairobiDate('2026-11-26T07:00:00Z')).toBe('Thu 26 Nov 2026');
    expect(formatNairobiTime('2026-11-26T07:00:00Z')).toBe('10:00');
  });

  it('gives the Nairobi day near midnight, not the UTC one', () => {
    // 21:30 UTC on Wednesday is already Thursday 00:30 in Nairobi.
    expect(formatNairobiDateTime('2026-11-25T21:30:00Z')).toBe('Thu 26 Nov 2026, 00:30');
    expect(formatNairobiDate(new Date('2026-11-25T21:30:00Z'))).toBe('Thu 26 Nov 2026');
    // 20:59 UTC is still Wednesday 23:59.
    expect(formatNairobiDateTime('2026-11-25T20:59:00Z')).toBe('Wed 25 Nov 2026, 23:59');
    expect(formatNairobiDayMonth('2026-11-25T21:30:00Z')).toBe('26 Nov');
  });

  it('moves to the new year at Nairobi midnight', () => {
    expect(formatNairobiDateTime('2026-12-31T20:59:00Z')).toBe('Thu 31 Dec 2026, 23:59');
    expect(formatNairobiDateTime('2026-12-31T21:00:00Z')).toBe('Fri 1 Jan 2027, 00:00');
  });

  it('is UTC+3 all year: no daylight saving in March or October', () => {
    // Europe moves its clocks on these Sundays; Nairobi does not.
    expect(formatNairobiDateTime('2026-03-29T07:00:00Z')).toBe('Sun 29 Mar 2026, 10:00');
    expect(formatNairobiDateTime('2026-10-25T07:00:00Z')).toBe('Sun 25 Oct 2026, 10:00');
    expect(formatNairobiDateTime('2026-07-01T07:00:00Z')).toBe('Wed 1 Jul 2026, 10:00');
  });

  it('names every month the same way whatever the ICU data (September is "Sep")', () => {
    const months = Array.from(
      { length: 12 },
      (_, i) => formatNairobiDate(new Date(Date.UTC(2027, i, 15, 9))).split(' ')[2],
    );
    expect(months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('refuses what is not a date rather than printing "Invalid Date"', () => {
    expect(() => formatNairobiDateTime('not a date')).toThrow(RangeError);
  });
});

describe('formatNairobiDay and formatNairobiDayTime (a stored Nairobi day and time)', () => {
  it('reads the day as stored, whatever the zone of the device', () => {
    expect(formatNairobiDay('2026-11-26')).toBe('Thu 26 Nov 2026');
    expect(formatNairobiDayTime('2026-11-26', '10:00')).toBe('Thu 26 Nov 2026, 10:00');
    expect(formatNairobiDay('2028-02-29')).toBe('Tue 29 Feb 2028');
    expect(formatNairobiDay('2027-01-01')).toBe('Fri 1 Jan 2027');
  });

  it('refuses a malformed day or time', () => {
    expect(() => formatNairobiDay('26/11/2026')).toThrow(RangeError);
    expect(() => formatNairobiDayTime('2026-11-26', '25:00')).toThrow(RangeError);
  });
});

describe('formatLongDay and formatMonthTitle (the booking calendar)', () => {
  it('names a day and a month in full, as en-GB does, without asking Intl', () => {
    expect(formatLongDay('2026-11-26')).toBe('Thursday, 26 November 2026');
    expect(formatLongDay('2027-01-03')).toBe('Sunday, 3 January 2027');
    expect(formatMonthTitle('2026-09')).toBe('September 2026');
    expect(formatLongDay('2028-02-29')).toBe('Tuesday, 29 February 2028');
    expect(formatMonthTitle('2027-01')).toBe('January 2027');
  });

  it('refuses what is not a day or a month', () => {
    expect(() => formatLongDay('2026-13-01x')).toThrow(RangeError);
    expect(() => formatMonthTitle('2026-13')).toThrow(RangeError);
  });
});
