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
