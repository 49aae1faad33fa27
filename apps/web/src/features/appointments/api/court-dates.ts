import type { CourtDateList, ListCourtDatesQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { courtDatesPath } from './paths';
import { useScreenQuery } from '../../../lib/screen-query';

/**
 * Under the cases' key (['cases'], features/cases): a change to a case, which is where a court
 * date is set, refreshes these with the case lists.
 */
export const COURT_DATES_KEY = ['cases', 'court-dates'] as const;

/** GET /api/court-dates: open cases' court dates, as the caller sees the cases (ADR 025). */
export const courtDatesQueryOptions = (filters: ListCourtDatesQuery) =>
  queryOptions({
    queryKey: [...COURT_DATES_KEY, filters],
    queryFn: ({ signal }) => api.get<CourtDateList>(courtDatesPath(filters), signal),
    placeholderData: keepPreviousData,
  });

export function useCourtDates(filters: ListCourtDatesQuery, options: { enabled: boolean }) {
  return useScreenQuery({ ...courtDatesQueryOptions(filters), enabled: options.enabled });
}
