import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  caseDocuments,
  cases,
  messageAttachments,
  type CaseDocumentRow,
  type MessageAttachmentRow,
} from '../../db/schema';

/** Where an attachment was filed ("File to case", ADR 020): the case it went into. */
export interface FiledTo {
  caseId: string;
  caseNumber: string;
  caseTitle: string;
}

export type AttachmentWithFiling = MessageAttachmentRow & { filedTo: FiledTo | null };

/** The attachments of these messages, in the order they were sent, each with where it was filed. */
export async function attachmentsOf(
  db: Executor,
  messageIds: string[],
): Promise<AttachmentWithFiling[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({
      attachment: messageAttachments,
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
    })
    .from(messageAttachments)
    .leftJoin(caseDocuments, eq(caseDocuments.fromAttachmentId, messageAttachments.id))
    .leftJoin(cases, eq(cases.id, caseDocuments.caseId))
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.messageId), asc(messageAttachments.position));
  return rows.map(({ attachment, caseId, caseNumber, caseTitle }) => ({
    ...attachment,
    filedTo: caseId && caseNumber && caseTitle ? { caseId, caseNumber, caseTitle } : null,
  }));
}

/** The case document filed from this attachment, if it was filed (at most one: a unique index). */
export async function findDocumentFiledFrom(
  db: Executor,
  attachmentId: string,
): Promise<(CaseDocumentRow & FiledTo) | undefined> {
  const [row] = await db
    .select({ document: caseDocuments, caseNumber: cases.caseNumber, caseTitle: cases.title })
    .from(caseDocuments)
    .innerJoin(cases, eq(cases.id, caseDocuments.caseId))
    .where(eq(caseDocuments.fromAttachmentId, attachmentId))
    .limit(1);
  return row
    ? {
        ...row.document,
        caseId: row.document.caseId,
        caseNumber: row.caseNumber,
        caseTitle: row.caseTitle,
      }
    : undefined;
}
