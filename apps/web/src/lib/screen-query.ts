import {
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * `useQuery` for the data a screen is drawn from. TanStack Query hands new data to React as an
 * external store, which React renders at once and in one piece: on a mid-range phone a dashboard
 * or a list arriving held the main thread for over a second, and a tap meanwhile waited
 * (docs/decisions/032-portal-on-a-phone.md). Here the data reaches the screen as a deferred value: React first
 * finishes the urgent render with what was shown before (the loading state, or the previous page
 * of a list), then draws the new data in the background, yielding to the person between pieces.
 *
 * While the new data waits to be drawn the result still says what the screen shows: pending
 * before the first answer, the previous data after it.
 */
export function useScreenQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const result = useQuery(options);
  const shown = useDeferredValue(result.data);
  if (shown === result.data) return result;
  if (shown !== undefined) return { ...result, data: shown } as UseQueryResult<TData, TError>;
  return {
    ...result,
    data: undefined,
    status: 'pending',
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    error: null,
  } as UseQueryResult<TData, TError>;
}
