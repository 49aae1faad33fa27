import { MESSAGE_MESSAGES, type ChatMessage, type ConversationSummary } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ConversationRow, UserRow } from '../../db/schema';
import {
  findConversationInScope,
  membersOf,
  readState,
  type ConversationListRow,
} from './messages.repository';
import { findMessagesByIds, type MessageWithSender } from './conversation-messages.repository';
import { attachmentsOf, type AttachmentWithFiling } from './message-attachments.repository';
import { conversationNotFound, isClient, messageNotFound, scopeFor } from './message-scope';

/** Conversations and messages as the caller sees them: the wire shapes of the messaging API. */

/** The first line of a body, shortened for the list. */
function previewOf(body: string | null): string | null {
  if (body === null) return null;
  const line = body.split('\n', 1)[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

export type ReadState = { clientReadAt: Date | null; firmReadAt: Date | null };

export function toChatMessage(
  row: MessageWithSender,
  attachments: AttachmentWithFiling[],
  actor: UserRow,
  reads: ReadState,
): ChatMessage {
  const withdrawn = row.withdrawnAt !== null;
  // "Sent" or "read" for the caller's side's own messages: read once the other side has read
  // up to it (for a client's message, anyone at the firm).
  let state: ChatMessage['state'] = null;
  if (!withdrawn && row.fromClient === isClient(actor)) {
    const readAt = row.fromClient ? reads.firmReadAt : reads.clientReadAt;
    state = readAt && readAt.getTime() >= row.createdAt.getTime() ? 'read' : 'sent';
  }
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    senderName: row.senderName ?? (row.fromClient ? 'Client' : MESSAGE_MESSAGES.firmSender),
    fromClient: row.fromClient,
    mine: row.senderId === actor.id,
    body: withdrawn ? null : row.body,
    withdrawn,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state,
    attachments: withdrawn
      ? []
      : attachments
          .filter((file) => file.messageId === row.id)
          .map((file) => ({
            id: file.id,
            name: file.name,
            type: file.mimeType,
            size: file.sizeBytes,
            // Where the firm filed it is the firm's workflow, not the client's.
            filedTo: isClient(actor) ? null : file.filedTo,
          })),
  };
}

export async function toSummaries(
  db: Executor,
  rows: ConversationListRow[],
): Promise<ConversationSummary[]> {
  const lastIds = rows.map((row) => row.lastMessageId).filter((id): id is string => !!id);
  const [lastMessages, members] = await Promise.all([
    findMessagesByIds(db, lastIds),
    membersOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const byId = new Map(lastMessages.map((message) => [message.id, message]));
  return rows.map((row) => {
    const last = row.lastMessageId ? byId.get(row.lastMessageId) : undefined;
    return {
      id: row.id,
      subject: row.subject,
      clientId: row.clientId,
      clientName: row.clientName,
      caseId: row.caseId,
      caseLabel: row.caseNumber ? `${row.caseNumber} · ${row.caseTitle ?? ''}`.trim() : null,
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
      lastMessage: last
        ? {
            preview: last.withdrawnAt ? null : previewOf(last.body),
            senderName:
              last.senderName ?? (last.fromClient ? row.clientName : MESSAGE_MESSAGES.firmSender),
            fromClient: last.fromClient,
            withdrawn: last.withdrawnAt !== null,
            attachmentCount: last.attachmentCount,
          }
        : null,
      unreadCount: row.unreadCount,
      staff: members
        .filter((member) => member.conversationId === row.id)
        .map((member) => ({ id: member.id, name: member.name })),
    };
  });
}

export async function summaryOf(
  db: Executor,
  actor: UserRow,
  id: string,
): Promise<ConversationSummary> {
  const row = await findConversationInScope(db, scopeFor(actor), actor.id, id);
  if (!row) throw conversationNotFound();
  return (await toSummaries(db, [row]))[0]!;
}

export async function messageAsSeen(
  db: Executor,
  actor: UserRow,
  conversation: string | Pick<ConversationRow, 'id' | 'clientId'>,
  messageId: string,
): Promise<ChatMessage> {
  const [row] = await findMessagesByIds(db, [messageId]);
  if (!row) throw messageNotFound();
  const [attachments, reads] = await Promise.all([
    attachmentsOf(db, [messageId]),
    typeof conversation === 'string'
      ? findConversationInScope(db, {}, actor.id, conversation).then((found) =>
          found ? readState(db, found) : { clientReadAt: null, firmReadAt: null },
        )
      : readState(db, conversation),
  ]);
  return toChatMessage(row, attachments, actor, reads);
}
