import { FIRM_TIME_ZONE } from '@firm/shared';

/** Times as the firm states them: in Nairobi, whatever the device's zone. */
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: FIRM_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: FIRM_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: FIRM_TIME_ZONE,
  day: 'numeric',
  month: 'short',
});

/** The Nairobi calendar day of an instant, as YYYY-MM-DD. */
export const dayKey = (iso: string | Date) => dayKeyFormat.format(new Date(iso));
export const timeOf = (iso: string) => timeFormat.format(new Date(iso));
export const dayLabel = (iso: string, now = new Date()) => {
  if (dayKey(iso) === dayKey(now)) return 'Today';
  if (dayKey(iso) === dayKey(new Date(now.getTime() - 86_400_000))) return 'Yesterday';
  return dayFormat.format(new Date(iso));
};
/** The list's time: today's as a time, older ones as a date. */
export const listTime = (iso: string, now = new Date()) =>
  dayKey(iso) === dayKey(now) ? timeOf(iso) : shortDayFormat.format(new Date(iso));

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
