import { CASE_MESSAGES, dayOfWeek, formatDayInFull, nairobiDateTime } from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { kenyanHolidayName } from '../../lib/kenyan-holidays';

/**
 * A court date on a weekend or a Kenyan public holiday is asked about, not refused (ADR 025):
 * courts do sit on some, but a slip of the picker would otherwise reach the client as a hearing on
 * Jamhuri Day. Unless the request says the person saw it and keeps it, the answer is 409
 * COURT_DAY_UNUSUAL with the question the form asks.
 */
export function assertCourtDayConfirmed(courtDate: Date, confirmed: boolean | undefined): void {
  if (confirmed) return;
  const { date } = nairobiDateTime(courtDate);
  const holiday = kenyanHolidayName(date);
  const weekday = dayOfWeek(date);
  if (!holiday && weekday !== 0 && weekday !== 6) return;
  throw AppError.conflict(
    CASE_MESSAGES.courtDayUnusual(formatDayInFull(date), holiday ?? CASE_MESSAGES.courtDayWeekend),
    'COURT_DAY_UNUSUAL',
    { courtDate: courtDate.toISOString() },
  );
}
