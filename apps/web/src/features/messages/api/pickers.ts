import type { CaseList, ClientList } from '@firm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MESSAGES_KEY } from './keys';

/**
 * What "New Message" offers: a client's own cases (GET /api/cases), and for staff the clients
 * matching a search (GET /api/clients) and the chosen client's cases (GET /api/cases?client=).
 */
export function useCaseChoices(clientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'case-choices', clientId],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '100' });
      if (clientId) params.set('client', clientId);
      return api.get<CaseList>(`/cases?${params.toString()}`, signal);
    },
    enabled,
  });
}

export function useClientChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'client-choices', search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '10' });
      if (search.trim()) params.set('search', search.trim());
      return api.get<ClientList>(`/clients?${params.toString()}`, signal);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
