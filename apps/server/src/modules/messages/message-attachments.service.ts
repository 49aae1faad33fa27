import { MESSAGE_MESSAGES, type CaseDocument } from '@firm/shared';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MessageAttachmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { lockCaseInScope } from '../cases/cases.repository';
import { recordCaseDocument } from '../cases/record-document';
import { findAttachment, findConversationInScope } from './messages.repository';
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

/**
 * Staff who may upload files copy an attachment into the conversation's case documents: a new
 * file under its own id (the attachment stays as it was), recorded on the case as an upload is
 * (`recordCaseDocument`: row, timeline, audit, the assignee's and the client's bell) with this
 * module's own audit row, in one transaction; the copy is removed if the transaction fails.
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
          origin: { fromConversationId: conversation.id, fromAttachmentId: attachment.id },
        },
        meta,
      );
      await audit(tx, actor, 'message.attachment_filed', conversation, meta, {
        attachmentId,
        documentId,
      });
      return document;
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
