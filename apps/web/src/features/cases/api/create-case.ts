import type { CaseResponse, ConflictCheckInput, CreateCaseInput } from '@firm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { casesApi } from './cases-api';
import { CASES_KEY } from './list-cases';

/** POST /api/cases */
export function createCase(input: CreateCaseInput): Promise<CaseResponse> {
  return casesApi.createCase({ body: input });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CASES_KEY }),
  });
}

/** GET /api/cases/people: the New Case form's client and assignee pickers. */
export function useCasePeople(search: string) {
  return useQuery({
    queryKey: [...CASES_KEY, 'people', search],
    queryFn: ({ signal }) => casesApi.listCasePeople({ query: { search } }, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/cases/conflict-check, run as the names are typed (once typing pauses). */
export function useConflictCheck(input: ConflictCheckInput, enabled: boolean) {
  return useQuery({
    queryKey: [...CASES_KEY, 'conflict-check', input],
    queryFn: () => casesApi.checkConflicts({ body: input }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
