import { FIRM_TIME_ZONE } from '@firm/shared';

/** Dates and times as the firm states them: in Nairobi time, whatever the device's zone. */
const dateFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeZone: FIRM_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: FIRM_TIME_ZONE,
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A list's day-range filter in words: "on 1 Nov", "1 Nov to 30 Nov", "from …", "until …". */
export function formatDayRange(from: string, to: string): string {
  if (from && to)
    return from === to ? `on ${formatDate(from)}` : `${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `from ${formatDate(from)}`;
  return to ? `until ${formatDate(to)}` : '';
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
