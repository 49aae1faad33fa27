import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Secure messaging (ADR 020). A conversation is between one client and the firm,
 * optionally about one of that client's cases: the migration adds the composite foreign key
 * (case_id, client_id) → cases(id, client_id) by hand (with `ON DELETE SET NULL (case_id)`, which
 * Drizzle cannot write), so a conversation can never name another client's case.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** A client's messages go with their account (an account is deleted only on request). */
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the client's own cases, or null for a general conversation (FK in the migration). */
    caseId: uuid(),
    subject: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The list's order: kept by the service in each new message's transaction. */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A client's own list and the firm's list, newest activity first.
    index('conversations_client_last_idx').on(
      table.clientId,
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('conversations_last_idx').on(
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('conversations_case_idx').on(table.caseId),
    index('conversations_subject_trgm_idx').using('gin', sql`${table.subject} gin_trgm_ops`),
    check(
      'conversations_subject_check',
      sql`char_length(${table.subject}) between 1 and 200 and ${table.subject} = btrim(${table.subject})`,
    ),
  ],
);

/** Staff named on a conversation: it reaches them (emails) and admins without canOpenFiles see it. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId),
  ],
);

/**
 * Messages are never edited. A withdrawn one keeps its place (shown as withdrawn) but loses its
 * body and attachments. `from_client` says which side wrote it even once the sender's account goes.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fromClient: boolean().notNull(),
    /** Plain text, trimmed; null when withdrawn, or for a message that is only attachments. */
    body: text(),
    attachmentCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The newest page of one conversation and the cursor (created_at, id) before it.
    index('messages_conversation_created_idx').on(
      table.conversationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The client service report (ADR 036): each conversation's messages oldest first, with who
    // wrote them, so waits and answers are found without a sort or a table read.
    index('messages_conversation_created_asc_idx').on(
      table.conversationId,
      table.createdAt,
      table.id,
      table.fromClient,
      table.senderId,
    ),
    check(
      'messages_body_check',
      sql`${table.body} is null or (char_length(${table.body}) between 1 and 5000 and ${table.body} = btrim(${table.body}, E' \\t\\n\\r'))`,
    ),
    check(
      'messages_withdrawn_check',
      sql`${table.withdrawnAt} is null or (${table.body} is null and ${table.attachmentCount} = 0)`,
    ),
    check(
      'messages_not_empty_check',
      sql`${table.withdrawnAt} is not null or ${table.body} is not null or ${table.attachmentCount} > 0`,
    ),
    check('messages_attachment_count_check', sql`${table.attachmentCount} between 0 and 10`),
  ],
);

/** A file sent with a message: bytes in DOCUMENTS_DIR under the row's id, as case documents. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid().primaryKey(),
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The order the files were sent in. */
    position: integer().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_attachments_message_position_idx').on(table.messageId, table.position),
    index('message_attachments_conversation_idx').on(table.conversationId),
    check('message_attachments_size_check', sql`${table.sizeBytes} > 0`),
    check('message_attachments_position_check', sql`${table.position} between 0 and 9`),
    check('message_attachments_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check('message_attachments_name_check', sql`char_length(${table.name}) between 1 and 255`),
  ],
);

/**
 * How far each participant has read. The client's row is the firm's read receipt for staff
 * messages; any staff member's row is the firm's receipt for the client's messages.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);

/**
 * The "you have a new message" emails: one row per conversation and recipient (a user, or null
 * for the firm's notification address), claimed by the job so that several server processes send
 * each email once, and at most one per hour.
 */
export const conversationNotices = pgTable(
  'conversation_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('conversation_notices_recipient_key')
      .on(table.conversationId, table.recipientId)
      .nullsNotDistinct(),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;
