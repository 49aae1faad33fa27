import { MESSAGE_PAGE_DEFAULT } from '../common/page-start';
import { defineEndpoints } from '../common/endpoints';

/** Conversations and their messages (ADR 020): where each endpoint is; shapes in contract.ts. */
export const MESSAGES_ENDPOINTS = defineEndpoints({
  listConversations: { method: 'GET', path: '/conversations' },
  startConversation: { method: 'POST', path: '/conversations' },
  conversationStaff: { method: 'GET', path: '/conversations/staff' },
  listMessages: { method: 'GET', path: '/conversations/:id/messages' },
  sendMessage: { method: 'POST', path: '/conversations/:id/messages' },
  markConversationRead: { method: 'PUT', path: '/conversations/:id/read' },
  setConversationMembers: { method: 'PUT', path: '/conversations/:id/members' },
  withdrawMessage: { method: 'POST', path: '/messages/:id/withdraw' },
  downloadAttachment: { method: 'GET', path: '/conversations/:id/attachments/:attachmentId' },
  fileAttachmentToCase: {
    method: 'POST',
    path: '/conversations/:id/attachments/:attachmentId/file-to-case',
  },
});

/** How many conversations one page of the list holds; more load on request or on scroll. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/**
 * What narrows the list besides the search: `day`, the conversations whose client has waited over
 * a day for the firm's answer (the service report's figure links here).
 */
export type ConversationWaiting = 'day' | undefined;

/**
 * The conversation list's query: unread conversations first, then the newest; a search only when
 * typed. The Messages screen and its early request (the portal manifest's `firstData`) both use it,
 * so they name the same address.
 */
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

/** A page of a conversation's messages: the newest, or those before a message. */
export const messagesRequest = (id: string, before: string | null) => ({
  params: { id },
  query: { limit: MESSAGE_PAGE_DEFAULT, before },
});
