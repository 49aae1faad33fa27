import {
  MESSAGE_MESSAGES,
  can,
  paginationOf,
  type ChatMessage,
  type ConversationList,
  type ConversationSummary,
  type CreateConversationValues,
  type ListConversationsFilters,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { discardFile } from '../../lib/file-storage';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { findAssignee, findCaseOfClient } from '../cases/cases.repository';
import { findActiveUsers, listActiveStaff } from '../users/users.repository';
import {
  addMembers,
  insertConversation,
  listConversations as listConversationRows,
  lockConversationInScope,
  replaceMembers,
} from './messages.repository';
import {
  audit,
  conversationNotFound,
  isClient,
  scopeFor,
  type MessagesDeps,
} from './message-scope';
import { messageAsSeen, summaryOf, toSummaries } from './message-serializer';
import { auditedFiles, writeMessage, type OutgoingFile } from './messages.service';

/** The rules of secure messaging's conversations: listing, starting one, naming its staff. */

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
  assertCan(actor, 'messages:all');
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
