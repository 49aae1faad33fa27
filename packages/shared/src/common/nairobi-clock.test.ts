import { describe, expect, it } from 'vitest';
import { nairobiDateTime } from './nairobi-clock';
import { nairobiWallClock } from './nairobi-clock';
import { nairobiDayAndMinute } from './office-hours';
import { groupThousands } from './numbers';

// What the arithmetic replaces: the time-zone database's reading of the same instant.
const intlClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

describe('the Nairobi wall clock by arithmetic', () => {
  it('reads every instant as the time-zone database does, around Nairobi midnight too', () => {
    // Every 37 minutes over two years, past new year, the end of February and leap day 2028.
    const start = Date.UTC(2026, 0, 1, 20, 59);
    for (let at = start; at < start + 2 * 366 * 86_400_000; at += 37 * 60_000) {
      const instant = new Date(at);
      const parts = Object.fromEntries(
        intlClock.formatToParts(instant).map((part) => [part.type, part.value]),
      );
      expect(nairobiDateTime(instant)).toEqual({
        date: `${parts.year}-${parts.month}-${parts.day}`,
        time: `${parts.hour}:${parts.minute}`,
      });
      expect(nairobiDayAndMinute(instant)).toEqual({
        day: WEEKDAYS.indexOf(parts.weekday!),
        minute: Number(parts.hour) * 60 + Number(parts.minute),
      });
    }
  });

  it('puts 21:30 UTC on the next day in Nairobi', () => {
    expect(nairobiWallClock(new Date('2026-12-31T21:30:00Z')).toISOString()).toBe(
      '2027-01-01T00:30:00.000Z',
    );
    expect(nairobiDateTime(new Date('2026-12-31T20:59:59Z'))).toEqual({
      date: '2026-12-31',
      time: '23:59',
    });
  });
});

describe('groupThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [5000, '5,000'],
    [10_000_000, '10,000,000'],
    [1234567.6, '1,234,568'],
    [-2500, '-2,500'],
    [-0.2, '0'],
  ])('%d → %s, as en-KE writes it', (value, written) => {
    expect(groupThousands(value)).toBe(written);
    expect(groupThousands(value)).toBe(
      new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
        .format(value)
        .replace(/^-0$/, '0'),
    );
  });
});
