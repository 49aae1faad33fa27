import { z } from 'zod';
import { VALIDATION } from './texts';
import { isCalendarDay, isDayInBounds, isInstantInBounds } from './calendar-days';

/** The zod fields of every date the API takes, bounded as calendar-days.ts says. */

/** A calendar day `YYYY-MM-DD` within DATE_BOUNDS; `invalid` is the field's own message. */
export const boundedDay = (invalid: string) =>
  z.string({ error: invalid }).superRefine((day, ctx) => {
    if (!isCalendarDay(day)) ctx.addIssue({ code: 'custom', message: invalid });
    else if (!isDayInBounds(day))
      ctx.addIssue({ code: 'custom', message: VALIDATION.dateOutOfRange });
  });

/** An ISO date and time with its offset (`2026-11-26T10:00:00+03:00`) within DATE_BOUNDS. */
export const boundedInstant = (invalid: string) =>
  z.iso
    .datetime({ offset: true, error: invalid, abort: true })
    .refine(isInstantInBounds, { error: VALIDATION.dateOutOfRange });
