import { addDays, dayOfWeek, nairobiToday } from '@firm/shared';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';

/**
 * The first Monday–Friday that is not a Kenyan public holiday, at least `minDaysAhead` days after
 * `now`'s Nairobi day: tests never depend on today being a weekday.
 */
export function nextOpenWeekday(minDaysAhead = 3, now = new Date()): string {
  let day = addDays(nairobiToday(now), minDaysAhead);
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 6 || isKenyanPublicHoliday(day)) {
    day = addDays(day, 1);
  }
  return day;
}
