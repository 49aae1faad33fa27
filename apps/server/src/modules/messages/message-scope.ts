import { MESSAGE_MESSAGES, can, isClientAccount } from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { ConversationRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit, type AuditAction } from '../audit/audit-log.repository';
import type { ConversationScope } from './messages.repository';

/**
 * Who reaches which conversation (ADR 020): a client their own, staff with `messages:all` every
 * one, other staff those they are named on; anything else is "not found". Every staff access to a
 * client's conversation or attachment writes an audit row naming the client.
 */

export interface MessagesDeps {
  db: Db;
  documentsDir: string;
}

export const conversationNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.conversationNotFound, 'CONVERSATION_NOT_FOUND');
export const messageNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.messageNotFound, 'MESSAGE_NOT_FOUND');
export const attachmentNotFound = () =>
  AppError.notFound(MESSAGE_MESSAGES.attachmentNotFound, 'ATTACHMENT_NOT_FOUND');

export const isClient = (actor: UserRow) => isClientAccount(actor);
export const nameOf = (user: UserRow) => `${user.firstName} ${user.lastName}`;

export function scopeFor(actor: UserRow): ConversationScope {
  if (isClient(actor)) return { clientId: actor.id };
  return can(actor, 'messages:all') ? {} : { memberId: actor.id };
}

/** Staff reads and writes of a client's conversation, named by conversation and client. */
export async function audit(
  db: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `conversation.${string}` | `message.${string}`>,
  conversation: Pick<ConversationRow, 'id' | 'clientId' | 'caseId' | 'subject'>,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
) {
  if (isClient(actor)) return;
  await writeAudit(db, {
    actorId: actor.id,
    action,
    targetUserId: conversation.clientId,
    ip: meta.ip,
    // The subject, so the audit log's sentence names the conversation (docs/product-rules.md).
    details: {
      conversationId: conversation.id,
      caseId: conversation.caseId,
      subject: conversation.subject,
      ...details,
    },
  });
}

/** Whether `user` reaches `conversation`: the same rules as `scopeFor`, for one person. */
export function reaches(
  user: UserRow,
  conversation: Pick<ConversationRow, 'clientId'>,
  memberIds: Set<string>,
): boolean {
  if (!user.isActive || !can(user, 'messages:view')) return false;
  if (isClient(user)) return user.id === conversation.clientId;
  return can(user, 'messages:all') || memberIds.has(user.id);
}
