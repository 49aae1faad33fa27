import type { ConversationList } from '@firm/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationsKey } from '../../../lib/conversation-keys';

/** How many conversations one page of the list holds; more load on request or on scroll. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/** GET /api/conversations?unread=first&page=: unread conversations first, then the newest. */
export function getConversations(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<ConversationList> {
  const params = new URLSearchParams({
    unread: 'first',
    limit: String(CONVERSATIONS_PAGE_SIZE),
    page: String(page),
  });
  if (search.trim()) params.set('search', search.trim());
  return api.get<ConversationList>(`/conversations?${params.toString()}`, signal);
}

export const conversationsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...conversationsKey, search],
    queryFn: ({ pageParam, signal }) => getConversations(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
    placeholderData: keepPreviousData,
  });

export function useConversations(search: string) {
  return useInfiniteQuery(conversationsQueryOptions(search));
}

/**
 * The loaded pages as one list. Pages are offsets into a list that moves (a new message lifts a
 * conversation to the top), so one may appear on two pages: it is shown once, where first seen.
 */
export function flattenConversations(pages: readonly ConversationList[] | undefined) {
  const seen = new Set<string>();
  return (pages ?? [])
    .flatMap((page) => page.conversations)
    .filter((conversation) => !seen.has(conversation.id) && !!seen.add(conversation.id));
}
