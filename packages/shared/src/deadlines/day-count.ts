// Plain functions, without zod or the holiday library: the screens load them too, and the server
// passes in "is this a public holiday" (apps/server/src/lib/kenyan-holidays.ts plus the days the
// firm adds), as the appointments rules do (appointments/rules.ts).
import { isCalendarDay } from '../common/calendar-days';

/** A length of time as a statute states it: "6 years", "12 months", "14 days". */
export type PeriodUnit = 'days' | 'months' | 'years';
export interface Period {
  amount: number;
  unit: PeriodUnit;
}

/** Answers whether a day (YYYY-MM-DD) is a Kenyan public holiday, gazetted or added by the firm. */
export type HolidayCheck = (day: string) => boolean;

/** The counting rule and where it comes from (docs/product-rules.md#counting-days). */
export const DAY_COUNT_SOURCE =
  'Interpretation and General Provisions Act (Cap 2), section 57' as const;

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(`${day}T00:00:00Z`);
}

const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

/** The day `count` calendar days after `day` (before it when negative). */
export function shiftDays(day: string, count: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + count * DAY_MS));
}

/** 0 Sunday … 6 Saturday, of a calendar day (not of an instant: no time zone is involved). */
export const weekdayOf = (day: string) => toUtc(day).getUTCDay();

/**
 * An "excluded day" in s.57: a Sunday or a public holiday. Saturday is not one: the Act names
 * only these, so a deadline may fall on a Saturday (docs/product-rules.md#counting-days).
 */
export const isExcludedDay = (day: string, isHoliday: HolidayCheck) =>
  weekdayOf(day) === 0 || isHoliday(day);

/** The first day from `day` on (itself included) that is not an excluded day. */
export function nextNonExcludedDay(day: string, isHoliday: HolidayCheck): string {
  let current = day;
  // Kenya never has more than a few excluded days in a row; the bound only guards a bad predicate.
  for (let step = 0; step < 31; step += 1) {
    if (!isExcludedDay(current, isHoliday)) return current;
    current = shiftDays(current, 1);
  }
  throw new RangeError(`No working day within a month after ${day}`);
}

/**
 * The corresponding day `months` calendar months after `day`; when that month is shorter, its last
 * day (31 Jan + 1 month = 28 or 29 Feb), as a "month" means a calendar month (s.3 of the Act).
 */
export function addCalendarMonths(day: string, months: number): string {
  const start = toUtc(day);
  const monthIndex = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastOfMonth))));
}

/**
 * The last day of a period that starts running from an event (a cause of action accruing, a court
 * date, an order), counted as s.57 counts:
 * - (a) the day of the event is excluded, so "14 days from 1 March" ends on 15 March, and "6 years
 *   from 1 March 2020" ends on 1 March 2026 (the corresponding date);
 * - (d) a period of six days or fewer does not count excluded days;
 * - (b) a last day that is an excluded day moves to the next day that is not.
 */
export function lastDayOfPeriod(eventDay: string, period: Period, isHoliday: HolidayCheck): string {
  if (!Number.isInteger(period.amount) || period.amount < 0) {
    throw new RangeError(`A period is a whole, non-negative number: ${period.amount}`);
  }
  let last: string;
  if (period.unit === 'days' && period.amount <= 6) {
    last = eventDay;
    for (let counted = 0; counted < period.amount;) {
      last = shiftDays(last, 1);
      if (!isExcludedDay(last, isHoliday)) counted += 1;
    }
  } else if (period.unit === 'days') {
    last = shiftDays(eventDay, period.amount);
  } else {
    last = addCalendarMonths(
      eventDay,
      period.unit === 'years' ? period.amount * 12 : period.amount,
    );
  }
  return nextNonExcludedDay(last, isHoliday);
}

/**
 * The working day `count` working days before `day` ("prepare two working days before the
 * hearing"): Saturdays, Sundays and public holidays are skipped, as the office is closed on them.
 */
export function workingDaysBefore(day: string, count: number, isHoliday: HolidayCheck): string {
  let current = day;
  for (let counted = 0; counted < count;) {
    current = shiftDays(current, -1);
    const weekday = weekdayOf(current);
    if (weekday !== 0 && weekday !== 6 && !isHoliday(current)) counted += 1;
  }
  return current;
}

/** The working day before `day` (for "the working day before it is due" reminders). */
export const previousWorkingDay = (day: string, isHoliday: HolidayCheck) =>
  workingDaysBefore(day, 1, isHoliday);

/** Whole days from `from` to `to` (negative when `to` is earlier): "in 30 days", "3 days overdue". */
export const daysBetween = (from: string, to: string) =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);

/** Where a due day sits for "My work": before today, today, within the next 7 days, or later. */
export type DueBucket = 'overdue' | 'today' | 'week' | 'later';

/** The "My work" group of a due day, `today` being Nairobi's (common/nairobi-clock.ts). */
export function dueBucketOf(dueDay: string, today: string): DueBucket {
  const ahead = daysBetween(today, dueDay);
  if (ahead < 0) return 'overdue';
  if (ahead === 0) return 'today';
  return ahead <= 7 ? 'week' : 'later';
}
