import { defineEndpoints } from '../common/endpoints';

/**
 * Court dates in the diary and each person's private calendar feed (ADR 025): where each endpoint
 * is; shapes in contract.ts. The feed's settings are under /profile, where a person finds them.
 */
export const COURT_DATES_ENDPOINTS = defineEndpoints({
  listCourtDates: { method: 'GET', path: '/court-dates' },
  calendarFeedStatus: { method: 'GET', path: '/profile/calendar-feed' },
  createCalendarFeed: { method: 'POST', path: '/profile/calendar-feed' },
  revokeCalendarFeed: { method: 'DELETE', path: '/profile/calendar-feed' },
  calendarFeed: { method: 'GET', path: '/calendar/:file' },
});
