// Plain functions, without zod: the screens' rules (appointments/rules.ts) load them too.
import { NAIROBI_OFFSET } from './nairobi-clock';

/**
 * Every date the API takes, in a query filter or a body, is a day from 1 Jan 1900 to 31 Dec 2100
 * (docs/product-rules.md#validation). Outside that nothing of the firm's happened or will, and the
 * extremes broke things: year 0001 is before PostgreSQL's timestamps can be compared with a
 * Nairobi offset (a 500), and the day after 9999-12-31 is written `+010000-01-01`, which sorts
 * before it as text (a report's day loop never ended). Defined once, so every field refuses them
 * with the same message, keyed by the field's name.
 */
export const DATE_BOUNDS = { first: '1900-01-01', last: '2100-12-31' } as const;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!CALENDAR_DAY.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * Whether a real calendar day lies within DATE_BOUNDS. Both are written with four-digit years, so
 * comparing the text compares the dates.
 */
export const isDayInBounds = (day: string) =>
  isCalendarDay(day) && day >= DATE_BOUNDS.first && day <= DATE_BOUNDS.last;

const FIRST_INSTANT = Date.parse(`${DATE_BOUNDS.first}T00:00:00${NAIROBI_OFFSET}`);
const AFTER_LAST_INSTANT = Date.parse(`${DATE_BOUNDS.last}T00:00:00${NAIROBI_OFFSET}`) + 86_400_000;

/** Whether an instant (a date and time) falls on a Nairobi day within DATE_BOUNDS. */
export function isInstantInBounds(instant: string): boolean {
  const time = Date.parse(instant);
  return !Number.isNaN(time) && time >= FIRST_INSTANT && time < AFTER_LAST_INSTANT;
}
