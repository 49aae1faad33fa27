import {
  formatNairobiDate,
  formatNairobiDayMonth,
  formatNairobiTime,
  nairobiDateTime,
} from '@firm/shared';

/** Times as the firm states them: on a Nairobi clock, from the shared formatter. */

/** The Nairobi calendar day of an instant, as YYYY-MM-DD. */
export const dayKey = (iso: string | Date) => nairobiDateTime(new Date(iso)).date;
export const timeOf = (iso: string) => formatNairobiTime(iso);
export const dayLabel = (iso: string, now = new Date()) => {
  if (dayKey(iso) === dayKey(now)) return 'Today';
  if (dayKey(iso) === dayKey(new Date(now.getTime() - 86_400_000))) return 'Yesterday';
  return formatNairobiDate(iso);
};
/** The list's time: today's as a time, older ones as a day ("26 Nov"), or a date if years ago. */
export const listTime = (iso: string, now = new Date()) => {
  if (dayKey(iso) === dayKey(now)) return timeOf(iso);
  return dayKey(iso).slice(0, 4) === dayKey(now).slice(0, 4)
    ? formatNairobiDayMonth(iso)
    : formatNairobiDate(iso);
};

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
