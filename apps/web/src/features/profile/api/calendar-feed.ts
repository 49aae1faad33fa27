import type { CourtDatesContract } from '@firm/shared/court-dates/contract';
import { COURT_DATES_ENDPOINTS } from '@firm/shared/court-dates/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';

/** The calendar feed's requests, from the court dates' contract (packages/shared/src/court-dates). */
const courtDates = endpointClient<CourtDatesContract>(COURT_DATES_ENDPOINTS);

const CALENDAR_FEED_KEY = ['profile', 'calendar-feed'] as const;

/** GET /api/profile/calendar-feed */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: ({ signal }) => courtDates.calendarFeedStatus({}, signal),
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /api/profile/calendar-feed: creates the feed or replaces its address. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => courtDates.createCalendarFeed({}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}

/** DELETE /api/profile/calendar-feed */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => courtDates.revokeCalendarFeed({}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}
