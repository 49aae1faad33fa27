import type { ConversationSummary } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { conversationsKey } from '../../../lib/conversation-keys';
import { useScreenQuery } from '../../../lib/screen-query';
import { messagesApi } from './messages-api';

/** How many of a client's conversations their page lists (newest activity first). */
export const CLIENT_CONVERSATIONS_LIMIT = 20;

export interface ClientConversations {
  conversations: ConversationSummary[];
  /** All of this client's conversations the caller may see. */
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
  const { conversations, total } = await messagesApi.listConversations(
    { query: { clientId, limit: CLIENT_CONVERSATIONS_LIMIT } },
    signal,
  );
  return { conversations, total };
}

export const clientConversationsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...conversationsKey, 'client', clientId],
    queryFn: ({ signal }) => getClientConversations(clientId, signal),
  });

export function useClientConversations(clientId: string) {
  return useScreenQuery(clientConversationsQueryOptions(clientId));
}
