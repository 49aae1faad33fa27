import { MESSAGE_PAGE_DEFAULT } from '@firm/shared';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { requestPath } from '@firm/shared/common/endpoints';

// The conversations' addresses, apart from their queries: app/first-requests.ts asks for a page's
// first ones beside the session check, and must name them as the screen does.

/** How many conversations one page of the list holds; more load on request or on scroll. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/**
 * What narrows the list besides the search: `day`, the conversations whose client has waited over
 * a day for the firm's answer (the service report's figure links here).
 */
export type ConversationWaiting = 'day' | undefined;

/** The list's query: unread conversations first, then the newest; a search only when typed. */
export const conversationsQuery = (
  search: string,
  page: number,
  waiting?: ConversationWaiting,
) => ({
  unread: 'first' as const,
  limit: CONVERSATIONS_PAGE_SIZE,
  page,
  search: search.trim(),
  waiting,
});

/** GET /api/conversations?unread=first&page=: unread conversations first, then the newest. */
export function conversationsPath(search: string, page: number, waiting?: ConversationWaiting) {
  return requestPath(MESSAGES_ENDPOINTS.listConversations, {
    query: conversationsQuery(search, page, waiting),
  });
}

/** A page of a conversation's messages: the newest, or those before a message. */
export const messagesRequest = (id: string, before: string | null) => ({
  params: { id },
  query: { limit: MESSAGE_PAGE_DEFAULT, before },
});

/** GET /api/conversations/:id/messages?before=: a page, oldest first, and the older page's cursor. */
export function messagesPath(id: string, before: string | null) {
  return requestPath(MESSAGES_ENDPOINTS.listMessages, messagesRequest(id, before));
}
