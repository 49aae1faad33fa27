import { z } from 'zod';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES } from './texts';
import { VALIDATION } from '../common/texts';
import { successMessageSchema } from '../auth/schemas';
import { caseDocumentSchema } from '../cases/schemas';
import {
  idParamsSchema,
  textRule,
  paginationSchema,
  requiredText,
  uuidField,
} from '../common/fields';
import { positiveInt, queryEnum, queryLimit, queryPage } from '../common/list-query';

/**
 * The `/api/conversations` and `/api/messages` contract (ADR 020). Bodies are plain
 * text, trimmed, never HTML: the screens show them as text and make links clickable.
 */

// ---------------------------------------------------------------------------------------------
// Fields

const emptyAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const conversationIdParamsSchema = idParamsSchema(MESSAGE_MESSAGES.invalidConversationId);
export const messageIdParamsSchema = idParamsSchema(MESSAGE_MESSAGES.invalidMessageId);
export const attachmentParamsSchema = z.object({
  id: uuidField(MESSAGE_MESSAGES.invalidConversationId),
  attachmentId: uuidField(MESSAGE_MESSAGES.invalidAttachmentId),
});

/** A message's text: multi-line plain text, trimmed, 1 to 5,000 characters. */
export const messageBodyField = requiredText(
  MESSAGE_MESSAGES.bodyRequired,
  MESSAGE_LIMITS.bodyMax,
  {
    multiline: true,
  },
);

// ---------------------------------------------------------------------------------------------
// Requests

/** GET /api/conversations */
export const listConversationsQuerySchema = z.object({
  search: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(MESSAGE_LIMITS.searchMax, { error: VALIDATION.tooLong(MESSAGE_LIMITS.searchMax) })
      .superRefine(textRule())
      .optional(),
  ),
  /**
   * `first`: conversations with unread messages first, then by last message; `only` (or `true`):
   * only those; `false` or none: by last message.
   */
  unread: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'only', 'first', 'false'], {
        error: 'Unread must be one of: first, only, true, false',
      })
      .optional()
      .transform((value) =>
        value === 'true' || value === 'only' ? 'only' : value === 'first' ? 'first' : undefined,
      ),
  ),
  caseId: z.preprocess(emptyAsUndefined, uuidField(MESSAGE_MESSAGES.caseNotFound).optional()),
  /**
   * One client's conversations (the client page). Within the caller's scope like every filter,
   * so a client naming another client sees nothing.
   */
  clientId: z.preprocess(emptyAsUndefined, uuidField(MESSAGE_MESSAGES.clientNotFound).optional()),
  /**
   * `day`: the client wrote last, over a day ago, and nobody at the firm has answered (the
   * client service report's waiting messages).
   */
  waiting: queryEnum(['day'] as const, 'Waiting'),
  page: queryPage,
  limit: queryLimit,
});
export type ListConversationsQuery = z.input<typeof listConversationsQuerySchema>;
export type ListConversationsFilters = z.output<typeof listConversationsQuerySchema>;

/**
 * POST /api/conversations: a client writes to the firm (about one of their cases or in general);
 * staff also choose the client, and may name colleagues the conversation should reach.
 */
export const createConversationInputSchema = z.object({
  subject: requiredText(MESSAGE_MESSAGES.subjectRequired, MESSAGE_LIMITS.subjectMax, {
    subject: true,
  }),
  caseId: z.preprocess(emptyAsUndefined, uuidField(MESSAGE_MESSAGES.caseNotFound).optional()),
  clientId: z.preprocess(emptyAsUndefined, uuidField(MESSAGE_MESSAGES.clientNotFound).optional()),
  staffIds: z
    .array(uuidField(MESSAGE_MESSAGES.staffNotFound))
    .max(MESSAGE_LIMITS.staffMax)
    .default([]),
  body: messageBodyField,
});
export type CreateConversationInput = z.input<typeof createConversationInputSchema>;

/** The same, sent as multipart with files: the body may then be left blank (only files). */
export const createConversationFieldsSchema = createConversationInputSchema.omit({ body: true });
export type CreateConversationValues = z.output<typeof createConversationInputSchema>;

/**
 * PUT /api/conversations/:id/members: the staff named on it, replacing those named before
 * (advocates and admins with canOpenFiles).
 */
export const conversationMembersInputSchema = z.object({
  staffIds: z.array(uuidField(MESSAGE_MESSAGES.staffNotFound)).max(MESSAGE_LIMITS.staffMax),
});
export type ConversationMembersInput = z.input<typeof conversationMembersInputSchema>;

/** POST /api/conversations/:id/messages as JSON (multipart: a `body` field and `file` parts). */
export const sendMessageInputSchema = z.object({ body: messageBodyField });
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

/** GET /api/conversations/:id/messages?before=<message id>&limit= */
export const listMessagesQuerySchema = z.object({
  before: z.preprocess(emptyAsUndefined, uuidField(MESSAGE_MESSAGES.invalidCursor).optional()),
  limit: positiveInt(
    MESSAGE_LIMITS.pageDefault,
    MESSAGE_LIMITS.pageMax,
    `Limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}`,
  ),
});
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

/** POST /api/conversations/:id/attachments/:attachmentId/file-to-case */
export const fileToCaseInputSchema = z.preprocess(
  // No body at all is the default choice.
  (value) => value ?? {},
  z.object({
    /** The client sent or received it already, so by default it is shared on the case too. */
    visibleToClient: z.boolean().default(true),
  }),
);

// ---------------------------------------------------------------------------------------------
// Responses

export const MESSAGE_STATES = ['sent', 'read'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The case an attachment was filed to ("File to case"): staff see it; a client, null. */
export const filedToSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  caseTitle: z.string(),
});
export type FiledTo = z.infer<typeof filedToSchema>;

export const messageAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  filedTo: filedToSchema.nullable(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  /** Which side wrote it: the client, or someone at the firm. */
  fromClient: z.boolean(),
  /** Written by the caller. */
  mine: z.boolean(),
  /** Null once withdrawn (or for a message that is only attachments). */
  body: z.string().nullable(),
  withdrawn: z.boolean(),
  withdrawnAt: z.string().nullable(),
  createdAt: z.string(),
  /** For the caller's side's messages: read by the other side yet? Null for the other side's. */
  state: z.enum(MESSAGE_STATES).nullable(),
  attachments: z.array(messageAttachmentSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  caseId: z.string().nullable(),
  /** "MWA/2026/0012 · Land dispute …", or null for a general conversation. */
  caseLabel: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastMessage: z
    .object({
      /** The first line of the body, shortened; null when withdrawn or only attachments. */
      preview: z.string().nullable(),
      senderName: z.string(),
      fromClient: z.boolean(),
      withdrawn: z.boolean(),
      attachmentCount: z.number().int(),
    })
    .nullable(),
  /** Messages by others the caller has not read. */
  unreadCount: z.number().int(),
  /** Staff named on the conversation. */
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  total: z.number().int(),
  pagination: paginationSchema,
  conversations: z.array(conversationSummarySchema),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messagePageSchema = z.object({
  success: z.literal(true),
  conversation: conversationSummarySchema,
  /** Oldest first; the newest page unless `before` was given. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for the older page; null when this page reaches the first message. */
  nextBefore: z.string().nullable(),
  /** When the client, and anyone at the firm, last read the conversation (read receipts). */
  readState: z.object({ clientReadAt: z.string().nullable(), firmReadAt: z.string().nullable() }),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationCreatedSchema = successMessageSchema.extend({
  conversation: conversationSummarySchema,
  sent: chatMessageSchema,
});
export type ConversationCreated = z.infer<typeof conversationCreatedSchema>;

export const conversationMembersChangedSchema = successMessageSchema.extend({
  conversation: conversationSummarySchema,
});
export type ConversationMembersChanged = z.infer<typeof conversationMembersChangedSchema>;

export const messageSentSchema = successMessageSchema.extend({ sent: chatMessageSchema });
export type MessageSent = z.infer<typeof messageSentSchema>;

export const conversationReadSchema = successMessageSchema.extend({ lastReadAt: z.string() });
export type ConversationRead = z.infer<typeof conversationReadSchema>;

export const messageWithdrawnSchema = successMessageSchema.extend({ withdrawn: chatMessageSchema });
export type MessageWithdrawn = z.infer<typeof messageWithdrawnSchema>;

/** GET /api/conversations/staff: the colleagues staff may name on a new conversation. */
export const conversationStaffSchema = z.object({
  success: z.literal(true),
  staff: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
});
export type ConversationStaff = z.infer<typeof conversationStaffSchema>;

export const filedToCaseSchema = successMessageSchema.extend({
  document: caseDocumentSchema,
  filedTo: filedToSchema,
});
export type FiledToCase = z.infer<typeof filedToCaseSchema>;
