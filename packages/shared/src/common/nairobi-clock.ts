/**
 * The Nairobi wall clock, by arithmetic. Africa/Nairobi has been UTC+3 all year since 1960 (no
 * daylight saving), so a Nairobi wall-clock time has one fixed offset.
 *
 * Not Intl: the first `Intl.DateTimeFormat` a page creates loads the browser's ICU data, 20–50 ms
 * of one task on a quiet laptop and 80–200 ms on a mid-range phone, and every page of the site
 * and portal reads a Nairobi clock as it starts (the chat bubble's office hours, the screens'
 * dates). ADR 032 (addendum of 2026-11-28). The unit tests check the arithmetic against Intl.
 */
export const NAIROBI_OFFSET = '+03:00';
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** `instant` moved to Nairobi's wall clock: read its fields with the `getUTC…` methods. */
export const nairobiWallClock = (instant: Date): Date =>
  new Date(instant.getTime() + NAIROBI_OFFSET_MS);

/** `instant` as a Nairobi calendar day and clock time: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function nairobiDateTime(instant: Date): { date: string; time: string } {
  const wallClock = nairobiWallClock(instant).toISOString();
  return { date: wallClock.slice(0, 10), time: wallClock.slice(11, 16) };
}

/** Today's date in Nairobi. */
export const nairobiToday = (now: Date = new Date()) => nairobiDateTime(now).date;
