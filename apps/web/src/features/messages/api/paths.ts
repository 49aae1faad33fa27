import { MESSAGE_PAGE_DEFAULT } from '@firm/shared';

// The conversations' addresses, apart from their queries: app/first-requests.ts asks for a page's
// first ones beside the session check, and must name them as the screen does.

/** How many conversations one page of the list holds; more load on request or on scroll. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/**
 * What narrows the list besides the search: `day`, the conversations whose client has waited over
 * a day for the firm's answer (the service report's figure links here).
 */
export type ConversationWaiting = 'day' | undefined;

/** GET /api/conversations?unread=first&page=: unread conversations first, then the newest. */
export function conversationsPath(search: string, page: number, waiting?: ConversationWaiting) {
  const params = new URLSearchParams({
    unread: 'first',
    limit: String(CONVERSATIONS_PAGE_SIZE),
    page: String(page),
  });
  if (search.trim()) params.set('search', search.trim());
  if (waiting) params.set('waiting', waiting);
  return `/conversations?${params.toString()}`;
}

/** GET /api/conversations/:id/messages?before=: a page, oldest first, and the older page's cursor. */
export function messagesPath(id: string, before: string | null) {
  const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_DEFAULT) });
  if (before) params.set('before', before);
  return `/conversations/${encodeURIComponent(id)}/messages?${params.toString()}`;
}
