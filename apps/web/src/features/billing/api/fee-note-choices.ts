import type { CaseList, CasePeople } from '@firm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BILLING_KEY } from './list-fee-notes';

/**
 * What the fee note form offers: the clients matching a search (GET /api/cases/people, the
 * pickers of those who run the firm's matters, as billing staff do) and the chosen client's
 * cases (GET /api/cases?client=).
 */
export function useClientChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'client-choices', search],
    queryFn: ({ signal }) =>
      api.get<CasePeople>(
        `/cases/people${search ? `?search=${encodeURIComponent(search)}` : ''}`,
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    select: (people) => people.clients,
  });
}

export function useCaseChoices(clientId: string) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'case-choices', clientId],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ client: clientId, limit: '100', sort: 'updated' });
      return api.get<CaseList>(`/cases?${params.toString()}`, signal);
    },
    enabled: clientId !== '',
    select: (list) => list.cases,
  });
}
