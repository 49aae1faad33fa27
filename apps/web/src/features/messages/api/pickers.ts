import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import type { ClientsContract } from '@firm/shared/clients/contract';
import { CLIENTS_ENDPOINTS } from '@firm/shared/clients/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES_KEY } from '../../../lib/conversation-keys';
import { endpointClient } from '../../../lib/endpoint-client';
import { messagesApi } from './messages-api';

const cases = endpointClient<CasesContract>(CASES_ENDPOINTS);
const clients = endpointClient<ClientsContract>(CLIENTS_ENDPOINTS);

/**
 * What "New Message" offers: a client's own cases (GET /api/cases), and for staff the clients
 * matching a search (GET /api/clients), the chosen client's cases (GET /api/cases?client=), the
 * client a link chose (GET /api/clients/:id) and the colleagues to name (GET
 * /api/conversations/staff).
 */
export function useCaseChoices(clientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'case-choices', clientId],
    queryFn: ({ signal }) =>
      cases.listCases({ query: { limit: 100, client: clientId ?? undefined } }, signal),
    enabled,
  });
}

export function useClientChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'client-choices', search],
    queryFn: ({ signal }) =>
      clients.listClients({ query: { limit: 10, search: search.trim() } }, signal),
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
    queryFn: ({ signal }) => clients.getClient({ params: { id: clientId! } }, signal),
    enabled: clientId !== null,
    select: (read) => read.client,
  });
}
