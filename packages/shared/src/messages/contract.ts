import { defineContract } from '../common/contract';
import { MESSAGES_ENDPOINTS } from './endpoints';
import {
  attachmentParamsSchema,
  conversationCreatedSchema,
  conversationIdParamsSchema,
  conversationListSchema,
  conversationMembersChangedSchema,
  conversationMembersInputSchema,
  conversationReadSchema,
  conversationStaffSchema,
  filedToCaseSchema,
  fileToCaseInputSchema,
  listConversationsQuerySchema,
  listMessagesQuerySchema,
  messageIdParamsSchema,
  messagePageSchema,
  messageSentSchema,
  messageWithdrawnSchema,
} from './schemas';

/**
 * Conversations and messages: each endpoint's params, query, body and answer (ADR 044). A new
 * conversation and a message take JSON or a multipart form with files, which the route reads
 * itself (createConversationInputSchema, sendMessageInputSchema): they declare no body here.
 */
export const messagesContract = defineContract(MESSAGES_ENDPOINTS, {
  listConversations: {
    summary: 'The conversations the caller may see, newest activity first, paged',
    query: listConversationsQuerySchema,
    response: conversationListSchema,
  },
  startConversation: {
    summary:
      'Start a conversation with its first message (staff choose the client): JSON, or multipart with subject, caseId, clientId, body, staffIds fields and up to 5 "file" parts',
    response: conversationCreatedSchema,
    status: 201,
  },
  conversationStaff: {
    summary: 'The colleagues staff may name on a new conversation (staffIds)',
    response: conversationStaffSchema,
  },
  listMessages: {
    summary: 'A page of messages (the newest 50, or those before a message), oldest first',
    params: conversationIdParamsSchema,
    query: listMessagesQuerySchema,
    response: messagePageSchema,
  },
  sendMessage: {
    summary:
      'Send a message: JSON { body }, or multipart with a "body" field and up to 5 "file" parts',
    params: conversationIdParamsSchema,
    response: messageSentSchema,
    status: 201,
  },
  markConversationRead: {
    summary: 'Mark the conversation read up to now (the other side sees "read")',
    params: conversationIdParamsSchema,
    response: conversationReadSchema,
  },
  setConversationMembers: {
    summary: 'Name the staff a conversation reaches, replacing those named (messages:all)',
    params: conversationIdParamsSchema,
    body: conversationMembersInputSchema,
    response: conversationMembersChangedSchema,
  },
  withdrawMessage: {
    summary: 'Withdraw one of your own messages within 5 minutes of sending it',
    params: messageIdParamsSchema,
    response: messageWithdrawnSchema,
  },
  downloadAttachment: {
    summary: 'Download an attachment (streamed, as an attachment)',
    params: attachmentParamsSchema,
    response: 'file',
  },
  // 201 when filed now; asked again, 200 with the document filed the first time (the route).
  fileAttachmentToCase: {
    summary:
      "Copy an attachment into the conversation's case documents (canUploadFiles); once per attachment",
    params: attachmentParamsSchema,
    body: fileToCaseInputSchema,
    response: filedToCaseSchema,
    status: 201,
  },
});

export type MessagesContract = typeof messagesContract;
