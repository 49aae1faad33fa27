import { nairobiDateTime } from './nairobi-clock';

/**
 * Every date and time a person reads (screens, notifications, emails, the readable data export),
 * in words on a Nairobi clock: "Thu 26 Nov 2026, 10:00" (ADR 016).
 * Machine fields (API JSON, CSV, .ics) stay ISO.
 *
 * Intl gives only the Nairobi calendar numbers (nairobiDateTime); the names are our own, so the
 * text is the same in Node and in every browser, whatever their ICU data: en-GB's short month
 * of September is "Sep" in some ICU versions and "Sept" in others, and the punctuation between
 * parts differs between locales.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
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
] as const;

const LONG_WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function toInstant(instant: Date | string): Date {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(instant)}`);
  return date;
}

/** A calendar day 'YYYY-MM-DD' as numbers, with its weekday (0 = Sunday). */
function calendarDay(day: string): { year: string; month: number; date: number; weekday: number } {
  const match = CALENDAR_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  const [, year, month, date] = match as unknown as [string, string, string, string];
  // A calendar day has no zone: its weekday is the same everywhere, so UTC computes it.
  const weekday = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date))).getUTCDay();
  return { year, month: Number(month), date: Number(date), weekday };
}

/** A Nairobi calendar day 'YYYY-MM-DD' in words: "Thu 26 Nov 2026". */
export function formatNairobiDay(day: string): string {
  const { year, month, date, weekday } = calendarDay(day);
  return `${WEEKDAYS[weekday]} ${date} ${MONTHS[month - 1]} ${year}`;
}

/** A calendar day in full, as the booking calendar names it: "Thursday, 26 November 2026". */
export function formatLongDay(day: string): string {
  const { year, month, date, weekday } = calendarDay(day);
  return `${LONG_WEEKDAYS[weekday]}, ${date} ${LONG_MONTHS[month - 1]} ${year}`;
}

/** A calendar day in full inside a sentence: "Saturday 12 December 2026 is Jamhuri Day." */
export function formatDayInFull(day: string): string {
  const { year, month, date, weekday } = calendarDay(day);
  return `${LONG_WEEKDAYS[weekday]} ${date} ${LONG_MONTHS[month - 1]} ${year}`;
}

/** A month 'YYYY-MM' as a calendar's title: "November 2026". */
export function formatMonthTitle(month: string): string {
  const [year, index] = month.split('-');
  const name = LONG_MONTHS[Number(index) - 1];
  if (!/^\d{4}$/.test(year ?? '') || !name) throw new RangeError(`Not a month: ${month}`);
  return `${name} ${year}`;
}

/** A Nairobi day and clock time as stored ('YYYY-MM-DD', 'HH:MM'): "Thu 26 Nov 2026, 10:00". */
export function formatNairobiDayTime(day: string, time: string): string {
  if (!CLOCK_TIME.test(time)) throw new RangeError(`Not a clock time: ${time}`);
  return `${formatNairobiDay(day)}, ${time}`;
}

/** The Nairobi calendar day of an instant: "Thu 26 Nov 2026". */
export const formatNairobiDate = (instant: Date | string): string =>
  formatNairobiDay(nairobiDateTime(toInstant(instant)).date);

/** An instant on a Nairobi clock: "Thu 26 Nov 2026, 10:00". */
export function formatNairobiDateTime(instant: Date | string): string {
  const { date, time } = nairobiDateTime(toInstant(instant));
  return formatNairobiDayTime(date, time);
}

/** The Nairobi clock time of an instant: "10:00" (24-hour). */
export const formatNairobiTime = (instant: Date | string): string =>
  nairobiDateTime(toInstant(instant)).time;

/** Day and month of an instant in Nairobi, for a list's recent dates: "26 Nov". */
export function formatNairobiDayMonth(instant: Date | string): string {
  const [, month, date] = nairobiDateTime(toInstant(instant)).date.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1]}`;
}
