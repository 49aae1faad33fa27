import type { CaseDetail } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { casesApi } from './cases-api';
import { CASES_KEY } from './list-cases';
import { useScreenQuery } from '../../../lib/screen-query';

export const caseKey = (id: string) => [...CASES_KEY, 'detail', id] as const;

/** GET /api/cases/:id */
export async function getCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  const body = await casesApi.getCase({ params: { id } }, signal);
  return body.case;
}

export const caseQueryOptions = (id: string) =>
  queryOptions({ queryKey: caseKey(id), queryFn: ({ signal }) => getCase(id, signal) });

export function useCase(id: string) {
  return useScreenQuery(caseQueryOptions(id));
}
