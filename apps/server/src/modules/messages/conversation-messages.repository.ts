import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  conversations,
  messageAttachments,
  messages,
  users,
  type ConversationRow,
  type MessageAttachmentRow,
  type MessageRow,
} from '../../db/schema';
import { fullName } from '../users/users.repository';

/**
 * A conversation's messages and their attachments: writing them, reading a page of them with their
 * senders, and withdrawing one (messages.repository.ts holds the conversations and their members).
 */

export async function insertMessage(
  tx: Executor,
  values: typeof messages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  return row!;
}

export async function insertAttachments(
  tx: Executor,
  values: (typeof messageAttachments.$inferInsert)[],
): Promise<MessageAttachmentRow[]> {
  if (values.length === 0) return [];
  return tx.insert(messageAttachments).values(values).returning();
}

export type MessageWithSender = MessageRow & { senderName: string | null };

const messageColumns = {
  message: messages,
  senderName: sql<
    string | null
  >`case when ${users.id} is null then null else ${fullName(users)} end`,
};

const flattenMessage = (row: { message: MessageRow; senderName: string | null }) => ({
  ...row.message,
  senderName: row.senderName,
});

/**
 * One page of a conversation, newest first: `limit` messages older than message `before` in the
 * order (created_at, id), which no two messages share, so pages neither skip nor repeat one.
 * Returns null when `before` is not a message of this conversation.
 */
export async function pageOfMessages(
  db: Executor,
  conversationId: string,
  before: string | undefined,
  limit: number,
): Promise<MessageWithSender[] | null> {
  let cursor: SQL | undefined;
  if (before) {
    const [anchor] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)))
      .limit(1);
    if (!anchor) return null;
    cursor = sql`(${messages.createdAt}, ${messages.id}) < (select b.created_at, b.id from ${messages} b where b.id = ${before})`;
  }
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), cursor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(flattenMessage);
}

export async function findMessagesByIds(db: Executor, ids: string[]): Promise<MessageWithSender[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.id, ids));
  return rows.map(flattenMessage);
}

/** A message with its conversation, locked for withdrawing. */
export async function lockMessage(
  tx: Executor,
  id: string,
): Promise<{ message: MessageRow; conversation: ConversationRow } | undefined> {
  const [row] = await tx
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id))
    .limit(1)
    .for('update', { of: messages });
  return row;
}

/** Withdraws a message: its body and attachments go; its place in the conversation stays. */
export async function withdrawMessage(
  tx: Executor,
  id: string,
  at: Date,
): Promise<{ message: MessageRow; attachmentIds: string[] }> {
  const removed = await tx
    .delete(messageAttachments)
    .where(eq(messageAttachments.messageId, id))
    .returning({ id: messageAttachments.id });
  const [message] = await tx
    .update(messages)
    .set({ withdrawnAt: at, body: null, attachmentCount: 0 })
    .where(and(eq(messages.id, id), isNull(messages.withdrawnAt)))
    .returning();
  return { message: message!, attachmentIds: removed.map((row) => row.id) };
}

export async function findAttachment(
  db: Executor,
  conversationId: string,
  attachmentId: string,
): Promise<MessageAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(messageAttachments)
    .where(
      and(
        eq(messageAttachments.id, attachmentId),
        eq(messageAttachments.conversationId, conversationId),
      ),
    )
    .limit(1);
  return row;
}
