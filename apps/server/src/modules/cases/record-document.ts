import type { CaseDocument } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { CaseRow, UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { notifyCaseContentAdded } from '../notifications/notify-events';
import { toCaseDocument } from './case-serializer';
import { touchCase } from './cases.repository';
import { insertDocument } from './case-contents.repository';
import { insertEvent } from './cases.repository';

/** A stored file about to become a case document: its bytes are under `id` already. */
export interface NewCaseDocument {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  visibleToClient: boolean;
  /** The message attachment it is filed from: one document per attachment (ADR 020). */
  fromAttachmentId?: string;
  /** Where the file came from when it is not an upload (a message's attachment), for the record. */
  origin?: Record<string, unknown>;
}

/**
 * Records a document on a case, inside the caller's transaction with the case locked: the
 * document row, the timeline event, the case's last activity, the audit row naming the client,
 * and the bell of the assignee and (when shared) the client. An upload to the case and an
 * attachment filed from a conversation both come through here, so both leave the same record.
 */
export async function recordCaseDocument(
  tx: Executor,
  actor: UserRow,
  current: CaseRow,
  file: NewCaseDocument,
  meta: RequestMeta,
): Promise<CaseDocument> {
  const { visibleToClient, origin = {} } = file;
  const document = await insertDocument(tx, {
    id: file.id,
    caseId: current.id,
    name: file.name,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    uploadedBy: actor.id,
    visibleToClient,
    fromAttachmentId: file.fromAttachmentId ?? null,
  });
  await insertEvent(tx, {
    caseId: current.id,
    type: 'documents_uploaded',
    details: { documentId: document.id, name: document.name, ...origin },
    actorId: actor.id,
    visibleToClient,
  });
  await touchCase(tx, current.id);
  await writeAudit(tx, {
    actorId: actor.id,
    action: 'case.document_uploaded',
    targetUserId: current.clientId,
    ip: meta.ip,
    details: {
      caseId: current.id,
      caseNumber: current.caseNumber,
      documentId: document.id,
      name: document.name,
      mimeType: document.mimeType,
      size: document.sizeBytes,
      sha256: document.sha256,
      visibleToClient,
      ...origin,
    },
  });
  await notifyCaseContentAdded(tx, current, 'document', visibleToClient, actor);
  return toCaseDocument({ ...document, uploaderName: `${actor.firstName} ${actor.lastName}` });
}
