import { nairobiWallClock } from './nairobi-clock';

/** Opening window of one day, in minutes after midnight (Nairobi time); null when closed. */
export interface OpeningWindow {
  opensAt: number;
  closesAt: number;
}

/**
 * Main-office hours of docs/product-rules.md#limits, indexed by day of week (0 = Sunday): Mon-Fri 8:00-18:00,
 * Sat 9:00-14:00, Sun closed. The chat widget's online status uses the same windows.
 */
/**
 * Start times of docs/product-rules.md#validation, Monday to Friday; Saturday keeps the morning
 * ones. Here, beside the hours, so that the public site's footer reads them without the booking
 * rules (apps/web/vite.config.ts: this file is in every page's chunk).
 */
export const WEEKDAY_START_TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'] as const;
export const SATURDAY_START_TIMES = ['09:00', '10:00', '11:00'] as const;

export const MAIN_OFFICE_HOURS: readonly (OpeningWindow | null)[] = [
  null,
  { opensAt: 8 * 60, closesAt: 18 * 60 },
  { opensAt: 8 * 60, closesAt: 18 * 60 },
  { opensAt: 8 * 60, closesAt: 18 * 60 },
  { opensAt: 8 * 60, closesAt: 18 * 60 },
  { opensAt: 8 * 60, closesAt: 18 * 60 },
  { opensAt: 9 * 60, closesAt: 14 * 60 },
];

/** Day of week (0 = Sunday) and minutes after midnight of `date` on a Nairobi clock. */
export function nairobiDayAndMinute(date: Date): { day: number; minute: number } {
  const wallClock = nairobiWallClock(date);
  return {
    day: wallClock.getUTCDay(),
    minute: wallClock.getUTCHours() * 60 + wallClock.getUTCMinutes(),
  };
}

/**
 * Whether the office is open at `date`, on Nairobi time whatever the visitor's time zone
 * (docs/product-rules.md#limits). Opening time is inclusive, closing time exclusive.
 */
export function isOfficeOpen(
  date: Date,
  hours: readonly (OpeningWindow | null)[] = MAIN_OFFICE_HOURS,
): boolean {
  const { day, minute } = nairobiDayAndMinute(date);
  const window = hours[day];
  return window != null && minute >= window.opensAt && minute < window.closesAt;
}
