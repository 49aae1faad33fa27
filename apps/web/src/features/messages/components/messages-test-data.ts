import type { ChatMessage, ConversationList, ConversationSummary, MessagePage } from '@firm/shared';

export const CONVERSATION_ID = '20000000-0000-4000-8000-000000000001';
export const OTHER_ID = '20000000-0000-4000-8000-000000000002';

export const summary = (overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: CONVERSATION_ID,
  subject: 'Title deed',
  clientId: '00000000-0000-4000-8000-000000000003',
  clientName: 'Amani Otieno',
  caseId: '10000000-0000-4000-8000-000000000001',
  caseLabel: 'MWA/2026/0042 · Boundary dispute Ngong',
  createdAt: '2026-11-20T07:00:00.000Z',
  lastMessageAt: '2026-11-20T07:05:00.000Z',
  lastMessage: {
    preview: 'Please see the attached deed',
    senderName: 'Wanjiru Kamau',
    fromClient: false,
    withdrawn: false,
    attachmentCount: 1,
  },
  unreadCount: 0,
  staff: [],
  ...overrides,
});

export const listOf = (conversations: ConversationSummary[]): ConversationList => ({
  success: true,
  count: conversations.length,
  total: conversations.length,
  pagination: { page: 1, limit: 50, pages: 1 },
  conversations,
});

export const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: '30000000-0000-4000-8000-000000000001',
  conversationId: CONVERSATION_ID,
  senderId: '00000000-0000-4000-8000-000000000001',
  senderName: 'Wanjiru Kamau',
  fromClient: false,
  mine: false,
  body: 'Hello',
  withdrawn: false,
  withdrawnAt: null,
  createdAt: '2026-11-20T07:00:00.000Z',
  state: null,
  attachments: [],
  ...overrides,
});

export const pageOf = (
  messages: ChatMessage[],
  overrides: Partial<MessagePage> = {},
): MessagePage => ({
  success: true,
  conversation: summary(),
  messages,
  nextBefore: null,
  readState: { clientReadAt: null, firmReadAt: null },
  ...overrides,
});
