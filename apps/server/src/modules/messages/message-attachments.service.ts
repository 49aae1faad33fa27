import { MESSAGE_MESSAGES, type CaseDocument, type FiledTo } from '@firm/shared';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MessageAttachmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { toCaseDocument } from '../cases/case-serializer';
import { lockCaseInScope } from '../cases/cases.repository';
import { recordCaseDocument } from '../cases/record-document';
import { findDocumentFiledFrom } from './message-attachments.repository';
import { findConversationInScope } from './messages.repository';
import { findAttachment } from './conversation-messages.repository';
import { isUniqueViolation } from '../users/users.repository';
import { attachmentNotFound, audit, scopeFor, type MessagesDeps } from './message-scope';

/** A message's attachments: downloading one, and filing one into the conversation's case. */

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

/** What filing answers: the case document, where it is, and whether this request made it. */
export interface Filed {
  document: CaseDocument;
  filedTo: FiledTo;
  created: boolean;
}

async function alreadyFiled(db: MessagesDeps['db'], attachmentId: string) {
  const found = await findDocumentFiledFrom(db, attachmentId);
  if (!found) return undefined;
  const { caseId, caseNumber, caseTitle } = found;
  return {
    document: toCaseDocument(found),
    filedTo: { caseId, caseNumber, caseTitle },
    created: false,
  } satisfies Filed;
}

/**
 * Staff who may upload files copy an attachment into the conversation's case documents: a new
 * file under its own id (the attachment stays as it was), recorded on the case as an upload is
 * (`recordCaseDocument`: row, timeline, audit, the assignee's and the client's bell) with this
 * module's own audit row, in one transaction; the copy is removed if the transaction fails.
 * Filing is once per attachment (ADR 020): a second request, even one racing the first, answers
 * with the document already filed. The case's row lock queues them, and the unique index on
 * `case_documents.from_attachment_id` is the last line.
 */
export async function fileAttachmentToCase(
  deps: MessagesDeps,
  actor: UserRow,
  id: string,
  attachmentId: string,
  input: { visibleToClient: boolean },
  meta: RequestMeta,
): Promise<Filed> {
  assertCan(actor, 'messages:view');
  const conversation = await findConversationInScope(deps.db, scopeFor(actor), actor.id, id);
  if (!conversation) throw attachmentNotFound();
  const attachment = await findAttachment(deps.db, id, attachmentId);
  if (!attachment) throw attachmentNotFound();
  assertCan(actor, 'messages:file');
  const earlier = await alreadyFiled(deps.db, attachment.id);
  if (earlier) return earlier;
  if (!conversation.caseId) {
    throw AppError.conflict(MESSAGE_MESSAGES.noCase, 'CONVERSATION_HAS_NO_CASE');
  }
  const caseId = conversation.caseId;
  const documentId = randomUUID();
  const target = path.join(deps.documentsDir, documentId);
  await mkdir(deps.documentsDir, { recursive: true });
  await copyFile(path.join(deps.documentsDir, attachment.id), target);
  try {
    const filed = await deps.db.transaction(async (tx): Promise<Filed | undefined> => {
      const current = await lockCaseInScope(tx, { clientView: false }, caseId);
      if (!current) throw attachmentNotFound();
      // Filed meanwhile by a request that held the lock first.
      if (await findDocumentFiledFrom(tx, attachment.id)) return undefined;
      const document = await recordCaseDocument(
        tx,
        actor,
        current,
        {
          id: documentId,
          name: attachment.name,
          mimeType: attachment.mimeType,
          sizeBytes: attachment.sizeBytes,
          sha256: attachment.sha256,
          visibleToClient: input.visibleToClient,
          fromAttachmentId: attachment.id,
          origin: { fromConversationId: conversation.id, fromAttachmentId: attachment.id },
        },
        meta,
      );
      await audit(tx, actor, 'message.attachment_filed', conversation, meta, {
        attachmentId,
        documentId,
      });
      const filedTo = { caseId, caseNumber: current.caseNumber, caseTitle: current.title };
      return { document, filedTo, created: true };
    });
    if (filed) return filed;
  } catch (error) {
    await rm(target, { force: true });
    if (!isUniqueViolation(error)) throw error;
  }
  await rm(target, { force: true });
  const existing = await alreadyFiled(deps.db, attachment.id);
  if (!existing) throw attachmentNotFound();
  return existing;
}
