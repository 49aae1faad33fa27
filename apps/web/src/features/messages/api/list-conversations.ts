import type { ConversationList } from '@firm/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { conversationsKey } from '../../../lib/conversation-keys';
import { messagesApi } from './messages-api';
import { conversationsQuery, type ConversationWaiting } from '@firm/shared/messages/endpoints';

/** GET /api/conversations?unread=first&page=: unread conversations first, then the newest. */
export function getConversations(
  search: string,
  page: number,
  signal?: AbortSignal,
  waiting?: ConversationWaiting,
): Promise<ConversationList> {
  return messagesApi.listConversations(
    { query: conversationsQuery(search, page, waiting) },
    signal,
  );
}

export const conversationsQueryOptions = (search: string, waiting?: ConversationWaiting) =>
  infiniteQueryOptions({
    // Under conversationsKey, so whatever refreshes the list refreshes the filtered one too.
    queryKey: [...conversationsKey, search, waiting ?? 'all'],
    queryFn: ({ pageParam, signal }) => getConversations(search, pageParam, signal, waiting),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
    placeholderData: keepPreviousData,
  });

export function useConversations(search: string, waiting?: ConversationWaiting) {
  return useInfiniteQuery(conversationsQueryOptions(search, waiting));
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
