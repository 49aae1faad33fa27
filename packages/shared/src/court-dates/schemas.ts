import { z } from 'zod';
import { queryDate } from '../common/list-query';

/**
 * The court-date contract (apps/server/src/modules/court-dates): the diary's read-only court
 * dates (ADR 025) and the personal calendar feed that carries them. A case's own court date, the
 * field of its form, is the case's (cases/schemas.ts).
 */

/**
 * Court dates in the diary and the client's Appointments (ADR 025): read-only
 * entries drawn from open cases' court dates, scoped as the cases are (client-view.ts).
 */
export const listCourtDatesQuerySchema = z
  .object({
    /** From / to (inclusive), calendar days in Africa/Nairobi. */
    from: queryDate,
    to: queryDate,
    /** Only the cases assigned to this member of staff (an advocate's own diary). */
    assigneeId: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.uuid({ error: 'Assignee must be a valid id' }).optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'From must not be after To',
    path: ['to'],
  });
export type ListCourtDatesQuery = z.infer<typeof listCourtDatesQuerySchema>;

export const diaryCourtDateSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  caseTitle: z.string(),
  court: z.string().nullable(),
  courtCaseNumber: z.string().nullable(),
  /** The instant (ISO); `date` and `time` are its Nairobi calendar day and HH:mm. */
  courtDate: z.string(),
  date: z.string(),
  time: z.string(),
  /** Staff only; a client's own entries leave it null. */
  clientName: z.string().nullable(),
  assigneeName: z.string().nullable(),
});
export type DiaryCourtDate = z.infer<typeof diaryCourtDateSchema>;

export const courtDateListSchema = z.object({ courtDates: z.array(diaryCourtDateSchema) });
export type CourtDateList = z.infer<typeof courtDateListSchema>;

/** GET/POST /api/profile/calendar-feed (ADR 025). `url` only in the answer that made it. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({
  url: z.string(),
  message: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const calendarFeedParamsSchema = z.object({
  /** `<token>.ics`: anything else simply finds no feed (404). */
  file: z.string().max(200),
});

/** A court date in a calendar: an hour, as the diary shows it (the court's own length is not kept). */
export const COURT_DATE_CALENDAR_MINUTES = 60;
