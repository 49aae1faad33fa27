import { z } from 'zod';
import { queryDate } from './list-query';

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

/** Every text of the Profile section; the feed's own words. */
export const CALENDAR_FEED_TEXTS = {
  heading: 'Calendar feed',
  intro:
    'Subscribe your own calendar (Google, Outlook, Apple) to your appointments and court dates. The address is private: anyone who has it can read these entries, so keep it to yourself.',
  none: 'You have no calendar feed.',
  create: 'Create calendar feed',
  created: 'Calendar feed created. Copy the address now: it is shown only once.',
  replaced: 'Calendar feed replaced. The old address no longer works.',
  revoked: 'Calendar feed revoked. The address no longer works.',
  failed: 'Failed to change the calendar feed',
  addressLabel: 'Your calendar feed address',
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: 'Could not copy: select the address and copy it yourself',
  activeSince: (when: string) => `A feed is active, created ${when}. Its address was shown once.`,
  replace: 'Replace address',
  revoke: 'Revoke feed',
  confirmReplace:
    'Replace the address? Calendars subscribed to the current one stop updating until you subscribe them to the new one.',
  confirmRevoke: 'Revoke the feed? Calendars subscribed to it stop updating.',
  cancel: 'Cancel',
  notFound: 'Calendar feed not found',
  viewDenied: 'You do not have permission to see court dates.',
  calendarName: (firmName: string) => `${firmName}: my diary`,
  courtEventSummary: (caseNumber: string, court: string | null) =>
    `Court: ${caseNumber}${court ? ` at ${court}` : ''}`,
} as const;

/** A court date in a calendar: an hour, as the diary shows it (the court's own length is not kept). */
export const COURT_DATE_CALENDAR_MINUTES = 60;
