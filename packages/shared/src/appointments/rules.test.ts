import { describe, expect, it } from 'vitest';
import {
  bookableStartTimes,
  canMoveTo,
  daysOfMonth,
  formatKsh,
  isCalendarDate,
  nairobiInstant,
  slotProblem,
  startTimesOf,
} from './rules';
import { nairobiDateTime } from '../common/nairobi-clock';
import { nairobiDayAndMinute } from '../common/office-hours';
import { APPOINTMENT_MESSAGES } from './texts';

const noHolidays = () => false;
// Monday 7 December 2026, 06:00 in Nairobi.
const mondayMorning = new Date('2026-12-07T03:00:00Z');
const ask = (date: string, time: string, durationMinutes = 30, now = mondayMorning) =>
  slotProblem({ date, time, durationMinutes, now, isHoliday: noHolidays });

describe('slot rules', () => {
  it('six start times on weekdays, three on Saturday, none on Sunday', () => {
    expect(startTimesOf('2026-12-07')).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(startTimesOf('2026-12-12')).toEqual(['09:00', '10:00', '11:00']);
    expect(startTimesOf('2026-12-13')).toEqual([]);
  });

  it('closed on Sunday and on holidays', () => {
    expect(ask('2026-12-13', '10:00')).toBe('closed_day');
    expect(
      slotProblem({
        date: '2026-12-08',
        time: '10:00',
        durationMinutes: 30,
        now: mondayMorning,
        isHoliday: (d) => d === '2026-12-08',
      }),
    ).toBe('closed_day');
  });

  it('only offered times; past; at least 2 hours ahead', () => {
    expect(ask('2026-12-08', '12:00')).toBe('not_a_slot');
    expect(ask('2026-12-04', '10:00')).toBe('past');
    // 06:00 now: 09:00 is 3 h ahead, fine; at 07:30, 09:00 is 1.5 h ahead.
    expect(ask('2026-12-07', '09:00')).toBeNull();
    expect(ask('2026-12-07', '09:00', 30, new Date('2026-12-07T04:30:00Z'))).toBe('too_soon');
    expect(ask('2026-12-07', '09:00', 30, new Date('2026-12-07T07:00:00Z'))).toBe('past');
  });

  it('must end by closing time: 18:00 on weekdays, 14:00 on Saturday', () => {
    expect(ask('2026-12-08', '16:00', 120)).toBeNull();
    expect(ask('2026-12-08', '16:00', 121)).toBe('after_hours');
    expect(ask('2026-12-12', '11:00', 180)).toBeNull();
    expect(ask('2026-12-12', '11:00', 181)).toBe('after_hours');
  });

  it('bookable start times of a day, given now', () => {
    expect(
      bookableStartTimes({
        date: '2026-12-07',
        durationMinutes: 30,
        now: new Date('2026-12-07T06:30:00Z'),
        isHoliday: noHolidays,
      }),
    ).toEqual(['14:00', '15:00', '16:00']);
  });
});

describe('Nairobi time', () => {
  it('the fixed +03:00 offset agrees with the IANA zone, whatever the machine zone', () => {
    const instant = nairobiInstant('2026-12-07', '09:00');
    expect(instant.toISOString()).toBe('2026-12-07T06:00:00.000Z');
    expect(nairobiDayAndMinute(instant)).toEqual({ day: 1, minute: 9 * 60 });
    expect(nairobiDateTime(new Date('2026-12-06T22:30:00Z'))).toEqual({
      date: '2026-12-07',
      time: '01:30',
    });
  });

  it('dates', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
  });
});

describe('money and status', () => {
  it('KSh with thousands separators', () => {
    expect(formatKsh(5000)).toBe('KSh 5,000');
    expect(formatKsh(1250000)).toBe('KSh 1,250,000');
  });
  it('transitions', () => {
    expect(canMoveTo('scheduled', 'confirmed')).toBe(true);
    expect(canMoveTo('scheduled', 'completed')).toBe(false);
    expect(canMoveTo('confirmed', 'completed')).toBe(true);
    expect(canMoveTo('cancelled', 'confirmed')).toBe(false);
  });
});

describe('what a visitor reads once they confirm their booking from the email', () => {
  it('says the firm has the request and what happens next, "confirm" meaning one thing only', () => {
    expect(APPOINTMENT_MESSAGES.visitorConfirmed).toBe(
      'Thank you: the firm now has your appointment request. An advocate will check the diary and email you, usually within one working day, to confirm the time or offer another.',
    );
    expect(APPOINTMENT_MESSAGES.visitorConfirmed.match(/confirm/gi)).toHaveLength(1);
  });
});
