import type { ListCourtDatesQuery } from '@firm/shared';
import type { CourtDatesContract } from '@firm/shared/court-dates/contract';
import { COURT_DATES_ENDPOINTS } from '@firm/shared/court-dates/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';
import { useScreenQuery } from '../../../lib/screen-query';

/** The diary's court-date requests, from their contract (packages/shared/src/court-dates). */
const courtDates = endpointClient<CourtDatesContract>(COURT_DATES_ENDPOINTS);

/**
 * Under the cases' key (['cases'], features/cases): a change to a case, which is where a court
 * date is set, refreshes these with the case lists.
 */
export const COURT_DATES_KEY = ['cases', 'court-dates'] as const;

/**
 * GET /api/court-dates: open cases' court dates, as the caller sees the cases (ADR 025). Its
 * address is the one the portal manifest's `firstData` asks for early (app/first-requests.ts).
 */
export const courtDatesQueryOptions = (filters: ListCourtDatesQuery) =>
  queryOptions({
    queryKey: [...COURT_DATES_KEY, filters],
    queryFn: ({ signal }) => courtDates.listCourtDates({ query: filters }, signal),
    placeholderData: keepPreviousData,
  });

export function useCourtDates(filters: ListCourtDatesQuery, options: { enabled: boolean }) {
  return useScreenQuery({ ...courtDatesQueryOptions(filters), enabled: options.enabled });
}
