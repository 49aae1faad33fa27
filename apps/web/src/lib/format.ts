import {
  formatNairobiDate,
  formatNairobiDateTime,
  formatNairobiDay,
  isCalendarDate,
} from '@firm/shared';

/**
 * Dates and times as the firm states them: in words on a Nairobi clock, whatever the device's
 * zone ("Thu 26 Nov 2026, 10:00"). The one formatter is packages/shared's date-format.ts, which
 * the server's notifications and emails use too (ADR 016).
 */
export const formatDate = (iso: string) => formatNairobiDate(iso);
export const formatDateTime = (iso: string) => formatNairobiDateTime(iso);

/** A filter's day from a link: in words, or as it came when it is not a calendar day. */
const dayOf = (day: string) => (isCalendarDate(day) ? formatNairobiDay(day) : day);

/** A list's day-range filter in words: "on Sun 1 Nov 2026", "… to …", "from …", "until …". */
export function formatDayRange(from: string, to: string): string {
  if (from && to) return from === to ? `on ${dayOf(from)}` : `${dayOf(from)} to ${dayOf(to)}`;
  if (from) return `from ${dayOf(from)}`;
  return to ? `until ${dayOf(to)}` : '';
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
