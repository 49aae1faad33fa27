import type { CaseList, ListCasesQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { casesApi } from './cases-api';
import { useScreenQuery } from '../../../lib/screen-query';

export type CaseListFilters = Pick<
  ListCasesQuery,
  | 'search'
  | 'status'
  | 'priority'
  | 'category'
  | 'assignee'
  | 'courtFrom'
  | 'courtTo'
  | 'openedFrom'
  | 'openedTo'
  | 'closedFrom'
  | 'closedTo'
  | 'openOn'
  | 'sort'
  | 'page'
  | 'limit'
>;

/** Every case query starts with this key; any change to a case refreshes them. */
export const CASES_KEY = ['cases'] as const;

/** GET /api/cases */
export function getCases(filters: CaseListFilters, signal?: AbortSignal): Promise<CaseList> {
  return casesApi.listCases({ query: filters }, signal);
}

export const casesQueryOptions = (filters: CaseListFilters) =>
  queryOptions({
    queryKey: [...CASES_KEY, 'list', filters],
    queryFn: ({ signal }) => getCases(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useCases(filters: CaseListFilters) {
  return useScreenQuery(casesQueryOptions(filters));
}
