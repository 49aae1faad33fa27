import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';
import { BILLING_KEY } from './list-fee-notes';

const cases = endpointClient<CasesContract>(CASES_ENDPOINTS);

/**
 * What the fee note form offers: the clients matching a search (GET /api/cases/people, the
 * pickers of those who run the firm's matters, as billing staff do) and the chosen client's
 * cases (GET /api/cases?client=).
 */
export function useClientChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'client-choices', search],
    queryFn: ({ signal }) => cases.listCasePeople({ query: { search } }, signal),
    enabled,
    placeholderData: keepPreviousData,
    select: (people) => people.clients,
  });
}

export function useCaseChoices(clientId: string) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'case-choices', clientId],
    queryFn: ({ signal }) =>
      cases.listCases({ query: { client: clientId, limit: 100, sort: 'updated' } }, signal),
    enabled: clientId !== '',
    select: (list) => list.cases,
  });
}
