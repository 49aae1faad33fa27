import type { CaseList, ClientList, ClientRead } from '@firm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/conversation-keys';
import { messagesApi } from './messages-api';

/**
 * What "New Message" offers: a client's own cases (GET /api/cases), and for staff the clients
 * matching a search (GET /api/clients), the chosen client's cases (GET /api/cases?client=), the
 * client a link chose (GET /api/clients/:id) and the colleagues to name (GET
 * /api/conversations/staff).
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

export function useStaffChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'staff-choices'],
    queryFn: ({ signal }) => messagesApi.conversationStaff({}, signal),
    enabled,
  });
}

/** The client `/messages?new=1&client=<id>` chose, shown even when no search lists them. */
export function useChosenClient(clientId: string | null) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'chosen-client', clientId],
    queryFn: ({ signal }) =>
      api.get<ClientRead>(`/clients/${encodeURIComponent(clientId!)}`, signal),
    enabled: clientId !== null,
    select: (read) => read.client,
  });
}
