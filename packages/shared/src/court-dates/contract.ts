import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { COURT_DATES_ENDPOINTS } from './endpoints';
import {
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedStatusSchema,
  courtDateListSchema,
  listCourtDatesQuerySchema,
} from './schemas';

/** Court dates and the calendar feed: each endpoint's params, query and answer (ADR 044). */
export const courtDatesContract = defineContract(COURT_DATES_ENDPOINTS, {
  listCourtDates: {
    summary: "Open cases' court dates in a range of Nairobi days, as the caller sees the cases",
    query: listCourtDatesQuerySchema,
    response: courtDateListSchema,
  },
  calendarFeedStatus: {
    summary:
      "Whether the caller's private calendar feed is active (its address is never shown again)",
    response: calendarFeedStatusSchema,
  },
  createCalendarFeed: {
    summary: 'Create the private calendar feed, or replace its address (the old one stops)',
    response: calendarFeedCreatedSchema,
  },
  revokeCalendarFeed: {
    summary: 'Revoke the private calendar feed',
    response: successMessageSchema,
  },
  // Read by calendar apps, not by the web app: iCalendar text (text/calendar), not JSON.
  calendarFeed: {
    summary: "A person's private iCalendar feed: /api/calendar/<token>.ics",
    params: calendarFeedParamsSchema,
    response: 'file',
  },
});

export type CourtDatesContract = typeof courtDatesContract;
