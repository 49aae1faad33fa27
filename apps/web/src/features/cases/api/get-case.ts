import type { CaseDetail } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CASES_KEY } from './list-cases';
import { casePath } from './paths';
import { useScreenQuery } from '../../../lib/screen-query';

export const caseKey = (id: string) => [...CASES_KEY, 'detail', id] as const;

/** GET /api/cases/:id */
export async function getCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  const body = await api.get<{ case: CaseDetail }>(casePath(id), signal);
  return body.case;
}

export const caseQueryOptions = (id: string) =>
  queryOptions({ queryKey: caseKey(id), queryFn: ({ signal }) => getCase(id, signal) });

export function useCase(id: string) {
  return useScreenQuery(caseQueryOptions(id));
}
