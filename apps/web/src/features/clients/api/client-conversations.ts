import type { ConversationList, ConversationSummary } from '@firm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from './list-clients';

/** How many of a client's conversations their page lists (newest activity first). */
export const CLIENT_CONVERSATIONS_LIMIT = 20;

export interface ClientConversations {
  conversations: ConversationSummary[];
  /** All of this client's conversations the caller may see, when the server counted them. */
  total: number;
}

/**
 * GET /api/conversations?clientId=: the client's conversations the caller may see (the server
 * scopes them as on the Messages screen and audits the read). The messages feature owns the
 * endpoint; the client page only reads it, so the two features stay apart.
 */
export async function getClientConversations(
  clientId: string,
  signal?: AbortSignal,
): Promise<ClientConversations> {
  const params = new URLSearchParams({
    clientId,
    limit: String(CLIENT_CONVERSATIONS_LIMIT),
  });
  const answer = await api.get<ConversationList>(`/conversations?${params.toString()}`, signal);
  // A server without the clientId filter drops the unknown parameter and answers every
  // conversation the caller may see: never show another client's on this page.
  const conversations = answer.conversations.filter((each) => each.clientId === clientId);
  return {
    conversations,
    total:
      conversations.length === answer.conversations.length ? answer.total : conversations.length,
  };
}

export const clientConversationsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'detail', clientId, 'conversations'],
    queryFn: ({ signal }) => getClientConversations(clientId, signal),
  });

export function useClientConversations(clientId: string) {
  return useQuery(clientConversationsQueryOptions(clientId));
}
