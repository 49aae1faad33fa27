import { describe, expect, it } from 'vitest';
import { nairobiToday } from '../common/nairobi-clock';
import {
  addCalendarMonths,
  dueBucketOf,
  lastDayOfPeriod,
  previousWorkingDay,
  workingDaysBefore,
} from './day-count';

// Kenya's 2026 public holidays as date-holidays lists them (apps/server/src/lib/kenyan-holidays.ts).
const HOLIDAYS = new Set([
  '2026-01-01',
  '2026-04-03',
  '2026-04-06',
  '2026-05-01',
  '2026-06-01',
  '2026-10-10',
  '2026-10-20',
  '2026-12-12',
  '2026-12-25',
  '2026-12-26',
]);
const isHoliday = (day: string) => HOLIDAYS.has(day);
const none = () => false;

describe('counting a period the way s.57 of the Interpretation and General Provisions Act does', () => {
  it('leaves out the day of the event, so 14 days from 2 March end on 16 March', () => {
    expect(lastDayOfPeriod('2026-03-02', { amount: 14, unit: 'days' }, isHoliday)).toBe(
      '2026-03-16',
    );
  });

  it('moves a last day on a Sunday to the Monday', () => {
    expect(lastDayOfPeriod('2026-11-22', { amount: 14, unit: 'days' }, isHoliday)).toBe(
      '2026-12-07',
    );
  });

  it('moves past Christmas, Boxing Day on the Saturday and the Sunday to the Monday', () => {
    expect(lastDayOfPeriod('2026-12-11', { amount: 14, unit: 'days' }, isHoliday)).toBe(
      '2026-12-28',
    );
  });

  it('keeps a last day on an ordinary Saturday, which the Act does not exclude', () => {
    expect(lastDayOfPeriod('2026-01-17', { amount: 14, unit: 'days' }, isHoliday)).toBe(
      '2026-01-31',
    );
  });

  it('moves a last day on a Saturday public holiday past the Sunday', () => {
    expect(lastDayOfPeriod('2026-12-05', { amount: 7, unit: 'days' }, isHoliday)).toBe(
      '2026-12-14',
    );
  });

  it('does not count Sundays and holidays in a period of six days or fewer', () => {
    // Thursday before Easter: Good Friday, Sunday and Easter Monday are not counted.
    expect(lastDayOfPeriod('2026-04-02', { amount: 3, unit: 'days' }, isHoliday)).toBe(
      '2026-04-08',
    );
  });

  it('ends a period in years on the corresponding date', () => {
    expect(lastDayOfPeriod('2020-03-02', { amount: 6, unit: 'years' }, none)).toBe('2026-03-02');
  });

  it('moves a period in months ending on Mashujaa Day to the next day', () => {
    expect(lastDayOfPeriod('2025-10-20', { amount: 12, unit: 'months' }, isHoliday)).toBe(
      '2026-10-21',
    );
  });

  it('ends a period from 29 February on 28 February in a common year and 29th in a leap year', () => {
    expect(lastDayOfPeriod('2024-02-29', { amount: 1, unit: 'years' }, none)).toBe('2025-02-28');
    expect(lastDayOfPeriod('2024-02-29', { amount: 4, unit: 'years' }, none)).toBe('2028-02-29');
  });

  it('counts a zero-length period as the event day, moved off an excluded day', () => {
    expect(lastDayOfPeriod('2026-12-25', { amount: 0, unit: 'days' }, isHoliday)).toBe(
      '2026-12-28',
    );
  });

  it('refuses a period that is not a whole number', () => {
    expect(() => lastDayOfPeriod('2026-01-01', { amount: 1.5, unit: 'years' }, none)).toThrow();
  });
});

describe('calendar months', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addCalendarMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addCalendarMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('crosses the end of a year', () => {
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
});

describe('working days before a date', () => {
  it('skips Saturdays, Sundays and holidays: two working days before 28 Dec 2026 is the 23rd', () => {
    // 27 Sun, 26 Sat (Boxing Day), 25 Christmas, so 24 (Thu) and 23 (Wed) are counted.
    expect(workingDaysBefore('2026-12-28', 2, isHoliday)).toBe('2026-12-23');
  });

  it('puts the reminder for a Monday due date on the Friday', () => {
    expect(previousWorkingDay('2026-12-07', isHoliday)).toBe('2026-12-04');
  });
});

describe('"My work" groups in Nairobi time', () => {
  it('calls a task due on 7 Dec "today" until midnight in Nairobi and "overdue" from then', () => {
    expect(dueBucketOf('2026-12-07', nairobiToday(new Date('2026-12-07T20:59:59Z')))).toBe('today');
    expect(dueBucketOf('2026-12-07', nairobiToday(new Date('2026-12-07T21:00:00Z')))).toBe(
      'overdue',
    );
  });

  it('puts the next seven days in "this week" and the rest in "later"', () => {
    expect(dueBucketOf('2026-12-14', '2026-12-07')).toBe('week');
    expect(dueBucketOf('2026-12-15', '2026-12-07')).toBe('later');
  });
});
