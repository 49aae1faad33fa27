import type { DayRange, Report, ReportKind } from '@firm/shared';
import { REPORTS_ENDPOINTS } from '@firm/shared/reports/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { requestPath } from '@firm/shared/common/endpoints';
import { useScreenQuery } from '../../../lib/screen-query';
import { reportsApi } from './reports-api';

/** Every report query starts with this key. */
export const REPORTS_KEY = ['reports'] as const;

/** The API's address of a report over `range` (`format=csv`: its CSV). */
export function reportPath(kind: ReportKind, range: DayRange, format?: 'csv'): string {
  return requestPath(REPORTS_ENDPOINTS.getReport, {
    params: { kind },
    query: { from: range.from, to: range.to, format },
  });
}

/**
 * GET /api/reports/{kind}?from&to: one report's sections over the days chosen. Asked without
 * `format`, the answer is the report, never the CSV the same address sends with `format=csv`.
 */
const getReport = (kind: ReportKind, range: DayRange, signal?: AbortSignal) =>
  reportsApi.getReport(
    { params: { kind }, query: { from: range.from, to: range.to } },
    signal,
  ) as Promise<Report>;

export const reportQueryOptions = (kind: ReportKind, range: DayRange) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, kind, range.from, range.to],
    queryFn: ({ signal }) => getReport(kind, range, signal),
    // The same report over other days keeps its sections on screen while the new figures come
    // (marked busy), so the page does not jump back to a spinner; another report starts afresh,
    // its sections having nothing in common with the last one's.
    placeholderData: (previous) => (previous?.kind === kind ? previous : undefined),
  });

/** The report, or nothing asked while the range chosen is not one the server would take. */
export function useReport(kind: ReportKind, range: DayRange | null) {
  return useScreenQuery({
    ...reportQueryOptions(kind, range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
