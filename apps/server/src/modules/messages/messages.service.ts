import {
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  can,
  paginationOf,
  type Action,
  type CaseDocument,
  type ChatMessage,
  type ConversationList,
  type ConversationSummary,
  type CreateConversationValues,
  type ListConversationsFilters,
  type MessagePage,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { ConversationRow, MessageAttachmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  discardFile,
  keepFile,
  removeDocumentFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import { publishLiveEvent } from '../../lib/live-events';
import { writeAudit } from '../audit/audit-log.repository';
import { notify } from '../notifications/notifications.service';
import { toCaseDocument } from '../cases/case-serializer';
import { insertDocument, insertEvent, lockCaseInScope, touchCase } from '../cases/cases.repository';
import { listActiveStaff } from '../users/users.repository';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  addMembers,
  attachmentsOf,
  conversationIdsOfClient,
  findActiveUsers,
  findAssignee,
  findAttachment,
  findCaseOfClient,
  findConversationInScope,
  findMessagesByIds,
  insertAttachments,
  insertConversation,
  insertMessage,
  listConversations as listConversationRows,
  unreadMessagesInScope,
  lockConversationInScope,
  lockMessage,
  markRead,
  membersOf,
  pageOfMessages,
  possibleAudience,
  replaceMembers,
  readState,
  touchConversation,
  withdrawMessage as withdrawMessageRow,
  type ConversationListRow,
  type ConversationScope,
  type MessageWithSender,
} from './messages.repository';
import type { RequestMeta } from '../../lib/route-kit';

/**
 * The rules of secure messaging (ADR 020). Every function takes the signed-in caller,
 * checks `can()` and scopes its queries: a client reaches only their own conversations, an admin
 * without canOpenFiles only those they are named on; anything else is "not found". Every staff
 * access to a client's conversation or attachment writes an audit row naming the client.
 *
 * The live stream (ADR 017) hears of a new message, a withdrawal and a read mark from inside the
 * transaction that makes it (a NOTIFY, delivered at the commit), told to the people who reach the
 * conversation; a new message also rings the bell of those it is for (ADR 020).
 */

export interface MessagesDeps {
  db: Db;
  documentsDir: string;
}

const conversationNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.conversationNotFound, 'CONVERSATION_NOT_FOUND');
const messageNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.messageNotFound, 'MESSAGE_NOT_FOUND');
const attachmentNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.attachmentNotFound, 'ATTACHMENT_NOT_FOUND');

const DENIED: Partial<Record<Action, string>> = {
  'messages:view': MESSAGE_MESSAGES.viewDenied,
  'messages:start': MESSAGE_MESSAGES.startDenied,
  'messages:file': MESSAGE_MESSAGES.fileDenied,
};

function assertCan(actor: UserRow, action: Action): void {
  if (!can(actor, action)) throw AppError.forbidden(DENIED[action] ?? MESSAGE_MESSAGES.viewDenied);
}

const isClient = (actor: UserRow) => actor.role === 'client';
const nameOf = (user: UserRow) => `${user.firstName} ${user.lastName}`;

export function scopeFor(actor: UserRow): ConversationScope {
  if (isClient(actor)) return { clientId: actor.id };
  return can(actor, 'messages:all') ? {} : { memberId: actor.id };
}

/** Staff reads and writes of a client's conversation, named by conversation and client. */
async function audit(
  db: Executor,
  actor: UserRow,
  action: string,
  conversation: Pick<ConversationRow, 'id' | 'clientId' | 'caseId'>,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
) {
  if (isClient(actor)) return;
  await writeAudit(db, {
    actorId: actor.id,
    action,
    targetUserId: conversation.clientId,
    ip: meta.ip,
    details: { conversationId: conversation.id, caseId: conversation.caseId, ...details },
  });
}

// ---------------------------------------------------------------------------------------------
// Live events and notifications

/** The live event of this module: the stream sends it as `event: message` (ids only). */
export const MESSAGE_LIVE_EVENT = 'message';
export type MessageEventKind = 'created' | 'withdrawn' | 'read';

/** Whether `user` reaches `conversation`: the same rules as `scopeFor`, for one person. */
function reaches(
  user: UserRow,
  conversation: Pick<ConversationRow, 'clientId'>,
  memberIds: Set<string>,
): boolean {
  if (!user.isActive || !can(user, 'messages:view')) return false;
  if (isClient(user)) return user.id === conversation.clientId;
  return can(user, 'messages:all') || memberIds.has(user.id);
}

async function audienceOf(tx: Executor, conversation: Pick<ConversationRow, 'id' | 'clientId'>) {
  const { people, memberIds } = await possibleAudience(tx, conversation.id, conversation.clientId);
  return { people: people.filter((user) => reaches(user, conversation, memberIds)), memberIds };
}

/**
 * Tells everyone who reaches the conversation (inside `tx`: heard once it commits). For a new
 * message, the bell of those it is for: the client for the firm's messages (and the other named
 * staff); for a client's, the named staff, or everyone who reaches it when nobody is named.
 */
async function announce(
  tx: Executor,
  conversation: Pick<ConversationRow, 'id' | 'clientId'>,
  kind: MessageEventKind,
  messageId: string | null,
  sender?: UserRow,
): Promise<void> {
  const { people, memberIds } = await audienceOf(tx, conversation);
  await publishLiveEvent(
    tx,
    people.map((user) => user.id),
    { type: MESSAGE_LIVE_EVENT, kind, conversationId: conversation.id, messageId },
  );
  if (kind !== 'created' || !sender) return;
  const staff = people.filter((user) => !isClient(user));
  const named = staff.filter((user) => memberIds.has(user.id));
  const recipients = isClient(sender)
    ? named.length > 0
      ? named
      : staff
    : [...people.filter(isClient), ...named];
  const from = isClient(sender)
    ? nameOf(sender)
    : `${nameOf(sender)} (${MESSAGE_MESSAGES.firmSender})`;
  await notify(
    tx,
    recipients,
    {
      kind: 'message_received',
      type: 'info',
      title: MESSAGE_MESSAGES.notificationTitle,
      message: MESSAGE_MESSAGES.notificationText(from),
      actionUrl: `/messages?c=${conversation.id}`,
      subject: { type: 'conversation', id: conversation.id },
      maySee: (user) => reaches(user, conversation, memberIds),
    },
    { exceptUserId: sender.id },
  );
}

// ---------------------------------------------------------------------------------------------
// Serialising

/** The first line of a body, shortened for the list. */
function previewOf(body: string | null): string | null {
  if (body === null) return null;
  const line = body.split('\n', 1)[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

type ReadState = { clientReadAt: Date | null; firmReadAt: Date | null };

function toChatMessage(
  row: MessageWithSender,
  attachments: MessageAttachmentRow[],
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
          })),
  };
}

async function toSummaries(
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

// ---------------------------------------------------------------------------------------------
// Conversations

export async function listConversations(
  deps: MessagesDeps,
  actor: UserRow,
  filters: ListConversationsFilters,
  meta: RequestMeta,
): Promise<ConversationList> {
  assertCan(actor, 'messages:view');
  const { rows, total } = await listConversationRows(deps.db, scopeFor(actor), actor.id, filters);
  const conversations = await toSummaries(deps.db, rows);
  // The list shows each conversation's last message: a staff read of those clients' messages.
  if (!isClient(actor) && rows.length > 0) {
    const byClient = new Map<string, string[]>();
    for (const row of rows)
      byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row.id]);
    for (const [clientId, conversationIds] of byClient) {
      await writeAudit(deps.db, {
        actorId: actor.id,
        action: 'conversation.listed',
        targetUserId: clientId,
        ip: meta.ip,
        details: { conversationIds },
      });
    }
  }
  return {
    success: true,
    count: conversations.length,
    total,
    pagination: paginationOf(filters, total),
    conversations,
  };
}

async function summaryOf(db: Executor, actor: UserRow, id: string): Promise<ConversationSummary> {
  const row = await findConversationInScope(db, scopeFor(actor), actor.id, id);
  if (!row) throw conversationNotFound();
  return (await toSummaries(db, [row]))[0]!;
}

/** A new conversation as the routes read it: JSON, or multipart with up to 5 files. */
export type NewConversation = Omit<CreateConversationValues, 'body'> & {
  /** Null only with files, as for any message. */
  body: string | null;
  files: OutgoingFile[];
};

/**
 * A new conversation and its first message (with its received files, kept only if it commits).
 * A client writes to the firm for themself; staff who may start one (`messages:start`: those who
 * may see the client list) choose the client. A case must be one the caller may see and one of
 * that client's: an unknown case, another client's and one the caller may not see all get the
 * same answer, so nobody learns from it whether a case exists. The case's assignee, staff named
 * in the request and a member of staff who starts it are named on it.
 */
export async function createConversation(
  deps: MessagesDeps,
  actor: UserRow,
  input: NewConversation,
  meta: RequestMeta,
): Promise<{ conversation: ConversationSummary; sent: ChatMessage }> {
  try {
    assertCan(actor, 'messages:start');
    let clientId: string;
    if (isClient(actor)) {
      clientId = actor.id;
    } else {
      if (!input.clientId) {
        throw AppError.badRequest(MESSAGE_MESSAGES.clientRequired, {
          clientId: MESSAGE_MESSAGES.clientRequired,
        });
      }
      const [client] = await findActiveUsers(deps.db, [input.clientId], ['client']);
      if (!client) {
        throw AppError.badRequest(MESSAGE_MESSAGES.clientNotFound, {
          clientId: MESSAGE_MESSAGES.clientNotFound,
        });
      }
      clientId = client.id;
    }
    if (input.body === null && input.files.length === 0) {
      throw AppError.badRequest(MESSAGE_MESSAGES.bodyOrFileRequired, {
        body: MESSAGE_MESSAGES.bodyOrFileRequired,
      });
    }
    if (input.caseId) {
      const found = await findCaseOfClient(deps.db, input.caseId, clientId);
      if (!found || !can(actor, 'cases:view', found)) {
        throw AppError.badRequest(MESSAGE_MESSAGES.caseNotFound, {
          caseId: MESSAGE_MESSAGES.caseNotFound,
        });
      }
    }
    // Naming is what lets an admin without canOpenFiles read a conversation: a client may not
    // draw someone in (nor learn from the answer which ids are staff).
    if (isClient(actor) && input.staffIds.length > 0) {
      throw AppError.badRequest(MESSAGE_MESSAGES.staffNotForClients, {
        staffIds: MESSAGE_MESSAGES.staffNotForClients,
      });
    }
    const staffIds = [...new Set(input.staffIds)];
    const staff = await findActiveUsers(deps.db, staffIds, ['advocate', 'admin']);
    if (staff.length !== staffIds.length) {
      throw AppError.badRequest(MESSAGE_MESSAGES.staffNotFound, {
        staffIds: MESSAGE_MESSAGES.staffNotFound,
      });
    }
    const assigneeId = input.caseId ? await findAssignee(deps.db, input.caseId) : null;
    const members = new Set(staffIds);
    if (assigneeId) members.add(assigneeId);
    if (!isClient(actor)) members.add(actor.id);

    const { conversationId, messageId } = await deps.db.transaction(async (tx) => {
      const conversation = await insertConversation(tx, {
        clientId,
        caseId: input.caseId ?? null,
        subject: input.subject,
        createdBy: actor.id,
      });
      await addMembers(tx, conversation.id, [...members], actor.id);
      const messageId = await writeMessage(tx, actor, conversation, input, (id) =>
        audit(tx, actor, 'conversation.created', conversation, meta, {
          subject: conversation.subject,
          messageId: id,
          staffIds: [...members],
          attachments: auditedFiles(input.files),
        }),
      );
      return { conversationId: conversation.id, messageId };
    });
    const conversation = await summaryOf(deps.db, actor, conversationId);
    const sent = await messageAsSeen(deps.db, actor, conversationId, messageId);
    return { conversation, sent };
  } catch (error) {
    await Promise.all(input.files.map(({ file }) => discardFile(file)));
    throw error;
  }
}

/**
 * Advocates and admins who reach every conversation (`messages:all`) choose the staff named on
 * one: named is whom it reaches among admins without canOpenFiles and whom its emails go to.
 */
export async function setConversationMembers(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  input: { staffIds: string[] },
  meta: RequestMeta,
): Promise<ConversationSummary> {
  if (!can(actor, 'messages:all')) throw AppError.forbidden(MESSAGE_MESSAGES.membersDenied);
  const staffIds = [...new Set(input.staffIds)];
  const staff = await findActiveUsers(deps.db, staffIds, ['advocate', 'admin']);
  if (staff.length !== staffIds.length) {
    throw AppError.badRequest(MESSAGE_MESSAGES.staffNotFound, {
      staffIds: MESSAGE_MESSAGES.staffNotFound,
    });
  }
  await deps.db.transaction(async (tx) => {
    const conversation = await lockConversationInScope(tx, scopeFor(actor), id);
    if (!conversation) throw conversationNotFound();
    const { added, removed } = await replaceMembers(tx, id, staffIds, actor.id);
    await audit(tx, actor, 'conversation.members_changed', conversation, meta, {
      added,
      removed,
    });
  });
  return summaryOf(deps.db, actor, id);
}

/** Staff starting a conversation may name colleagues: every active advocate and admin. */
export async function staffChoices(
  deps: MessagesDeps,
  actor: UserRow,
): Promise<{ id: string; name: string; role: string }[]> {
  assertCan(actor, 'messages:start');
  // A client writes to the firm; whom it reaches is the firm's choice.
  if (isClient(actor)) throw AppError.forbidden(MESSAGE_MESSAGES.startDenied);
  return listActiveStaff(deps.db);
}

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

const auditedFiles = (files: OutgoingFile[]) =>
  files.map(({ file, name }) => ({ id: file.id, name, sha256: file.sha256 }));

async function messageAsSeen(
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
async function writeMessage(
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

// ---------------------------------------------------------------------------------------------
// Attachments

/** The attachment `actor` may download, audited for staff. */
export async function attachmentForDownload(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  attachmentId: string,
  meta: RequestMeta,
): Promise<MessageAttachmentRow> {
  assertCan(actor, 'messages:view');
  const conversation = await findConversationInScope(deps.db, scopeFor(actor), actor.id, id);
  if (!conversation) throw attachmentNotFound();
  const attachment = await findAttachment(deps.db, id, attachmentId);
  if (!attachment) throw attachmentNotFound();
  await audit(deps.db, actor, 'message.attachment_downloaded', conversation, meta, {
    attachmentId,
    name: attachment.name,
  });
  return attachment;
}

/**
 * Staff who may upload files copy an attachment into the conversation's case documents: a new
 * file under its own id (the attachment stays as it was), the document row, a timeline event and
 * the audit rows in one transaction; the copy is removed if the transaction fails.
 */
export async function fileAttachmentToCase(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  attachmentId: string,
  input: { visibleToClient: boolean },
  meta: RequestMeta,
): Promise<CaseDocument> {
  assertCan(actor, 'messages:view');
  const conversation = await findConversationInScope(deps.db, scopeFor(actor), actor.id, id);
  if (!conversation) throw attachmentNotFound();
  const attachment = await findAttachment(deps.db, id, attachmentId);
  if (!attachment) throw attachmentNotFound();
  assertCan(actor, 'messages:file');
  if (!conversation.caseId) {
    throw AppError.conflict(MESSAGE_MESSAGES.noCase, 'CONVERSATION_HAS_NO_CASE');
  }
  const caseId = conversation.caseId;
  const documentId = randomUUID();
  const target = path.join(deps.documentsDir, documentId);
  await mkdir(deps.documentsDir, { recursive: true });
  await copyFile(path.join(deps.documentsDir, attachment.id), target);
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await lockCaseInScope(tx, { clientView: false }, caseId);
      if (!current) throw attachmentNotFound();
      const document = await insertDocument(tx, {
        id: documentId,
        caseId,
        name: attachment.name,
        mimeType: attachment.mimeType,
        sizeBytes: attachment.sizeBytes,
        sha256: attachment.sha256,
        uploadedBy: actor.id,
        visibleToClient: input.visibleToClient,
      });
      await insertEvent(tx, {
        caseId,
        type: 'documents_uploaded',
        details: {
          documentId,
          name: document.name,
          fromConversationId: conversation.id,
          fromAttachmentId: attachment.id,
        },
        actorId: actor.id,
        visibleToClient: input.visibleToClient,
      });
      await touchCase(tx, caseId);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'case.document_uploaded',
        targetUserId: current.clientId,
        ip: meta.ip,
        details: {
          caseId,
          caseNumber: current.caseNumber,
          documentId,
          name: document.name,
          mimeType: document.mimeType,
          size: document.sizeBytes,
          sha256: document.sha256,
          visibleToClient: input.visibleToClient,
          fromConversationId: conversation.id,
          fromAttachmentId: attachment.id,
        },
      });
      await audit(tx, actor, 'message.attachment_filed', conversation, meta, {
        attachmentId,
        documentId,
      });
      return toCaseDocument({ ...document, uploaderName: nameOf(actor) });
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/**
 * A client's dashboard: how many messages from the firm they have not read, and their latest
 * conversations with the last message of each (the dashboard's variant of a message, docs/product-rules.md#records).
 */
export async function clientMessagesOverview(
  db: Executor,
  client: UserRow,
  limit: number,
): Promise<{ unread: number; recent: ConversationSummary[] }> {
  const scope = scopeFor(client);
  const [unread, page] = await Promise.all([
    unreadMessagesInScope(db, scope, client.id),
    listConversationRows(db, scope, client.id, { page: 1, limit, unread: undefined }),
  ]);
  return { unread, recent: await toSummaries(db, page.rows) };
}

// ---------------------------------------------------------------------------------------------
// Data export

/** Every message of a conversation, oldest first: the export has no page limit. */
const WHOLE_CONVERSATION = 1_000_000;

/**
 * A client's conversations and every message in them, as the client sees them (a withdrawn one
 * without its body or files), for "Download my data". Staff have none: what they wrote is part of
 * the clients' records, as with cases and appointments.
 */
export async function ownConversationsForExport(db: Executor, user: UserRow) {
  if (!isClient(user)) return [];
  const ids = await conversationIdsOfClient(db, user.id);
  const result = [];
  for (const id of ids) {
    const row = await findConversationInScope(db, { clientId: user.id }, user.id, id);
    if (!row) continue;
    const [summary] = await toSummaries(db, [row]);
    const newestFirst = (await pageOfMessages(db, id, undefined, WHOLE_CONVERSATION)) ?? [];
    const [attachments, reads] = await Promise.all([
      attachmentsOf(
        db,
        newestFirst.map((message) => message.id),
      ),
      readState(db, row),
    ]);
    result.push({
      id: summary!.id,
      subject: summary!.subject,
      caseLabel: summary!.caseLabel,
      createdAt: summary!.createdAt,
      messages: newestFirst.reverse().map((message) => {
        const seen = toChatMessage(message, attachments, user, reads);
        return {
          sentAt: seen.createdAt,
          from: seen.senderName,
          byYou: seen.mine,
          body: seen.body,
          withdrawn: seen.withdrawn,
          withdrawnAt: seen.withdrawnAt,
          attachments: seen.attachments.map((file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
          })),
        };
      }),
    });
  }
  return result;
}
