import type { MessagePage } from '@firm/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { conversationKey } from '../../../lib/conversation-keys';
import { messagesApi } from './messages-api';
import { messagesRequest } from '@firm/shared/messages/endpoints';

/** GET /api/conversations/:id/messages?before=: a page, oldest first, and the older page's cursor. */
export function getMessages(
  id: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return messagesApi.listMessages(messagesRequest(id, before), signal);
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
