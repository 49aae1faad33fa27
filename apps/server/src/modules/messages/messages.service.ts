import { MESSAGE_LIMITS, MESSAGE_MESSAGES, type ChatMessage, type MessagePage } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ConversationRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import {
  discardFile,
  keepFile,
  removeDocumentFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import type { RequestMeta } from '../../lib/route-kit';
import {
  findConversationInScope,
  lockConversationInScope,
  markRead,
  readState,
  touchConversation,
} from './messages.repository';
import {
  insertAttachments,
  insertMessage,
  lockMessage,
  pageOfMessages,
  withdrawMessage as withdrawMessageRow,
} from './conversation-messages.repository';
import { attachmentsOf } from './message-attachments.repository';
import { announce } from './message-live';
import {
  audit,
  conversationNotFound,
  isClient,
  messageNotFound,
  scopeFor,
  type MessagesDeps,
} from './message-scope';
import { messageAsSeen, toChatMessage, toSummaries } from './message-serializer';

/**
 * The rules of secure messaging's messages (ADR 020): reading a page, sending, marking read,
 * withdrawing. Every function takes the signed-in caller, checks it may and scopes its queries
 * (message-scope.ts); the live events are message-live.ts's, the wire shapes message-serializer.ts's.
 * Conversations are conversations.service.ts, attachments message-attachments.service.ts.
 */

function attachmentRows(files: OutgoingFile[], conversationId: string, messageId: string) {
  return files.map(({ file, name }, position) => ({
    id: file.id,
    messageId,
    position,
    conversationId,
    name,
    mimeType: file.mimeType,
    sizeBytes: file.size,
    sha256: file.sha256,
  }));
}

export const auditedFiles = (files: OutgoingFile[]) =>
  files.map(({ file, name }) => ({ id: file.id, name, sha256: file.sha256 }));

// ---------------------------------------------------------------------------------------------
// Messages

/** A page of a conversation, oldest first, with each message's state as the caller sees it. */
export async function listMessages(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  query: { before?: string; limit: number },
  meta: RequestMeta,
): Promise<MessagePage> {
  assertCan(actor, 'messages:view');
  const row = await findConversationInScope(deps.db, scopeFor(actor), actor.id, id);
  if (!row) throw conversationNotFound();
  // One more than asked says whether an older page exists.
  const page = await pageOfMessages(deps.db, id, query.before, query.limit + 1);
  if (!page) {
    throw AppError.badRequest(MESSAGE_MESSAGES.invalidCursor, {
      before: MESSAGE_MESSAGES.invalidCursor,
    });
  }
  const hasMore = page.length > query.limit;
  const newestFirst = page.slice(0, query.limit);
  const [attachments, reads, [summary]] = await Promise.all([
    attachmentsOf(
      deps.db,
      newestFirst.map((message) => message.id),
    ),
    readState(deps.db, row),
    toSummaries(deps.db, [row]),
  ]);
  await audit(deps.db, actor, 'conversation.viewed', row, meta, {
    messageIds: newestFirst.map((message) => message.id),
  });
  return {
    success: true,
    conversation: summary!,
    messages: newestFirst
      .reverse()
      .map((message) => toChatMessage(message, attachments, actor, reads)),
    nextBefore: hasMore ? (newestFirst[0]?.id ?? null) : null,
    readState: {
      clientReadAt: reads.clientReadAt?.toISOString() ?? null,
      firmReadAt: reads.firmReadAt?.toISOString() ?? null,
    },
  };
}

/**
 * What every new message does in its transaction, the first of a conversation or a later one:
 * the message and its attachments' rows, the conversation's last activity, the sender's read mark
 * (they have read their own message), the audit row (`recordAudit`, given the message's id), the
 * received files kept now that the rows exist, and the live event, delivered at commit.
 */
export async function writeMessage(
  tx: Executor,
  actor: UserRow,
  conversation: Pick<ConversationRow, 'id' | 'clientId'>,
  input: { body: string | null; files: OutgoingFile[] },
  recordAudit: (messageId: string) => Promise<unknown>,
): Promise<string> {
  const message = await insertMessage(tx, {
    conversationId: conversation.id,
    senderId: actor.id,
    fromClient: isClient(actor),
    body: input.body,
    attachmentCount: input.files.length,
  });
  await insertAttachments(tx, attachmentRows(input.files, conversation.id, message.id));
  await touchConversation(tx, conversation.id, message.createdAt);
  await markRead(tx, conversation.id, actor.id, message.createdAt);
  await recordAudit(message.id);
  for (const { file } of input.files) await keepFile(file);
  await announce(tx, conversation, 'created', message.id, actor);
  return message.id;
}

/** Before an upload is read: the conversation must be one `actor` may write in (else 404). */
export async function assertMaySend(deps: MessagesDeps, actor: UserRow, id: string): Promise<void> {
  assertCan(actor, 'messages:view');
  const row = await findConversationInScope(deps.db, scopeFor(actor), actor.id, id);
  if (!row) throw conversationNotFound();
}

export interface OutgoingFile {
  file: ReceivedFile;
  name: string;
}

/**
 * Adds a message (with its received files) to a conversation. The files are kept only if the
 * message is committed; the sender has read up to their own message.
 */
export async function sendMessage(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  input: { body: string | null; files: OutgoingFile[] },
  meta: RequestMeta,
): Promise<ChatMessage> {
  try {
    assertCan(actor, 'messages:view');
    if (input.body === null && input.files.length === 0) {
      throw AppError.badRequest(MESSAGE_MESSAGES.bodyOrFileRequired, {
        body: MESSAGE_MESSAGES.bodyOrFileRequired,
      });
    }
    const { conversation, messageId } = await deps.db.transaction(async (tx) => {
      const conversation = await lockConversationInScope(tx, scopeFor(actor), id);
      if (!conversation) throw conversationNotFound();
      const messageId = await writeMessage(tx, actor, conversation, input, (id) =>
        audit(tx, actor, 'message.sent', conversation, meta, {
          messageId: id,
          attachments: auditedFiles(input.files),
        }),
      );
      return { conversation, messageId };
    });
    return await messageAsSeen(deps.db, actor, conversation, messageId);
  } catch (error) {
    await Promise.all(input.files.map(({ file }) => discardFile(file)));
    throw error;
  }
}

/** The caller has read the conversation up to now. */
export async function markConversationRead(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<Date> {
  assertCan(actor, 'messages:view');
  return deps.db.transaction(async (tx) => {
    const conversation = await lockConversationInScope(tx, scopeFor(actor), id);
    if (!conversation) throw conversationNotFound();
    const at = await markRead(tx, id, actor.id, new Date());
    await audit(tx, actor, 'conversation.read', conversation, meta);
    await announce(tx, conversation, 'read', null);
    return at;
  });
}

/**
 * The sender withdraws a message within 5 minutes: its body and files go (the files after the
 * commit), its place stays, shown as withdrawn. Not the sender: 403 within the conversation.
 */
export async function withdrawMessage(
  deps: MessagesDeps,
  actor: UserRow,
  messageId: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<ChatMessage> {
  assertCan(actor, 'messages:view');
  const scope = scopeFor(actor);
  const { conversation, removed } = await deps.db.transaction(async (tx) => {
    const found = await lockMessage(tx, messageId);
    if (!found) throw messageNotFound();
    // Out of the caller's scope: not found, like the conversation itself.
    const visible = await findConversationInScope(tx, scope, actor.id, found.conversation.id);
    if (!visible) throw messageNotFound();
    if (found.message.senderId !== actor.id) {
      throw AppError.forbidden(MESSAGE_MESSAGES.withdrawNotYours);
    }
    if (found.message.withdrawnAt) {
      throw AppError.conflict(MESSAGE_MESSAGES.alreadyWithdrawn, 'ALREADY_WITHDRAWN');
    }
    const windowMs = MESSAGE_LIMITS.withdrawWindowMinutes * 60 * 1000;
    if (now.getTime() - found.message.createdAt.getTime() > windowMs) {
      throw AppError.conflict(
        MESSAGE_MESSAGES.withdrawTooLate(MESSAGE_LIMITS.withdrawWindowMinutes),
        'WITHDRAW_WINDOW_PASSED',
      );
    }
    const { attachmentIds } = await withdrawMessageRow(tx, messageId, now);
    await audit(tx, actor, 'message.withdrawn', found.conversation, meta, {
      messageId,
      attachmentIds,
    });
    await announce(tx, found.conversation, 'withdrawn', messageId);
    return { conversation: found.conversation, removed: attachmentIds };
  });
  await Promise.all(removed.map((fileId) => removeDocumentFile(deps.documentsDir, fileId)));
  return messageAsSeen(deps.db, actor, conversation, messageId);
}
