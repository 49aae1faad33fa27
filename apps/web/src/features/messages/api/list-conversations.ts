import type { ConversationList } from '@firm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationsKey } from './keys';

/** GET /api/conversations?unread=first: unread conversations first, then the newest. */
export function getConversations(search: string, signal?: AbortSignal): Promise<ConversationList> {
  const params = new URLSearchParams({ unread: 'first', limit: '50' });
  if (search.trim()) params.set('search', search.trim());
  return api.get<ConversationList>(`/conversations?${params.toString()}`, signal);
}

export const conversationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...conversationsKey, search],
    queryFn: ({ signal }) => getConversations(search, signal),
    placeholderData: keepPreviousData,
  });

export function useConversations(search: string) {
  return useQuery(conversationsQueryOptions(search));
}
