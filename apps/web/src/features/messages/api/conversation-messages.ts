import { MESSAGE_LIMITS, type MessagePage } from '@firm/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationKey } from '../../../lib/conversation-keys';

/** GET /api/conversations/:id/messages?before=: a page, oldest first, and the older page's cursor. */
export function getMessages(
  id: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const params = new URLSearchParams({ limit: String(MESSAGE_LIMITS.pageDefault) });
  if (before) params.set('before', before);
  return api.get<MessagePage>(
    `/conversations/${encodeURIComponent(id)}/messages?${params.toString()}`,
    signal,
  );
}

/** Pages newest first: pages[0] is the newest page, each next one older. */
export const conversationMessagesOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationKey(id),
    queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export function useConversationMessages(id: string) {
  return useInfiniteQuery(conversationMessagesOptions(id));
}
