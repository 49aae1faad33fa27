import type { CalendarFeedCreated, CalendarFeedStatus, SuccessMessage } from '@firm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_PATHS } from './paths';

const CALENDAR_FEED_KEY = ['profile', 'calendar-feed'] as const;

/** GET /api/profile/calendar-feed */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>(PROFILE_PATHS.calendarFeed, signal),
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /api/profile/calendar-feed: creates the feed or replaces its address. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/profile/calendar-feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}

/** DELETE /api/profile/calendar-feed */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<SuccessMessage>('/profile/calendar-feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}
