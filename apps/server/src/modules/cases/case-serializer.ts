import {
  CASE_CATEGORIES,
  caseStatusLabel,
  formatNairobiDateTime,
  sharedWithClient,
  type CaseDetail,
  type CaseDocument,
  type CaseEvent,
  type CaseNote,
  type CaseStatus,
  type CaseSummary,
} from '@firm/shared';
import type { CaseDocumentRow, CaseEventRow, CaseNoteRow } from '../../db/schema';
import type { CaseListRow } from './cases.repository';
import type { CaseChildren } from './case-contents.repository';

/** Cases on the wire (`caseSummarySchema`, `caseDetailSchema`): dates as ISO strings. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCaseSummary(row: CaseListRow): CaseSummary {
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    priority: row.priority,
    clientId: row.clientId,
    clientName: row.clientName,
    assignedTo: row.assigneeId,
    assigneeName: row.assigneeName,
    court: row.court,
    courtCaseNumber: row.courtCaseNumber,
    courtDate: iso(row.courtDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
    version: row.version,
    documentCount: row.documentCount,
    noteCount: row.noteCount,
  };
}

export function toCaseDocument(
  row: CaseDocumentRow & { uploaderName?: string | null },
): CaseDocument {
  return {
    id: row.id,
    name: row.name,
    type: row.mimeType,
    size: row.sizeBytes,
    sha256: row.sha256,
    uploadedAt: row.createdAt.toISOString(),
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
    visibleToClient: row.visibleToClient,
  };
}

export function toCaseNote(row: CaseNoteRow): CaseNote {
  return {
    id: row.id,
    content: row.content,
    author: row.authorName,
    authorId: row.authorId,
    createdAt: row.createdAt.toISOString(),
    visibleToClient: row.visibleToClient,
    sharedAt: row.visibleToClient ? (row.sharedAt ?? row.createdAt).toISOString() : null,
  };
}

/** The timeline's sentence for an event, from its details (one place for every wording). */
export function describeEvent(
  type: CaseEventRow['type'],
  details: Record<string, unknown>,
): string {
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : '');
  switch (type) {
    case 'case_created':
      return `Case opened: ${CASE_CATEGORIES[details.category as keyof typeof CASE_CATEGORIES] ?? 'case'}`;
    case 'status_changed':
      return `Status changed from ${caseStatusLabel(text('from') as CaseStatus)} to ${caseStatusLabel(text('to') as CaseStatus)}`;
    case 'assigned':
      return text('assigneeName') ? `Assigned to ${text('assigneeName')}` : 'Assignment removed';
    case 'documents_uploaded':
      return `Document uploaded: ${text('name')}`;
    case 'note_added':
      return 'Note added';
    case 'court_date_set':
      return text('courtDate')
        ? `Court date set for ${formatNairobiDateTime(text('courtDate'))}${text('court') ? ` at ${text('court')}` : ''}`
        : 'Court date removed';
    case 'court_hearing':
      return `Court hearing: ${text('summary')}`;
    case 'case_closed':
      return 'Case closed';
    case 'case_reopened':
      return 'Case reopened';
  }
}

export function toCaseEvent(row: CaseEventRow): CaseEvent {
  return {
    id: row.id,
    event: row.type,
    description: describeEvent(row.type, row.details),
    date: row.createdAt.toISOString(),
    details: row.details,
  };
}

/**
 * A case as `viewer` sees it. A client's view goes through the shared client-view rule (ADR 021):
 * only shared documents, notes and timeline events, and never the conflict clearance, whatever
 * the query handed in.
 */
export function toCaseDetail(
  row: CaseListRow,
  children: CaseChildren,
  options: { viewer: 'client' | 'staff'; clearedByName?: string | null },
): CaseDetail {
  const isStaff = options.viewer === 'staff';
  const documents = isStaff ? children.documents : sharedWithClient(children.documents);
  const notes = isStaff ? children.notes : sharedWithClient(children.notes);
  const events = isStaff ? children.events : sharedWithClient(children.events);
  return {
    ...toCaseSummary(row),
    parties: children.parties.map((p) => ({
      id: p.id,
      role: p.role,
      name: p.name,
      contact: p.contact,
    })),
    documents: documents.map(toCaseDocument),
    notes: notes.map(toCaseNote),
    timeline: events.map(toCaseEvent),
    conflictClearance:
      isStaff && row.conflictClearedReason && row.conflictClearedAt
        ? {
            reason: row.conflictClearedReason,
            by: options.clearedByName ?? null,
            at: row.conflictClearedAt.toISOString(),
          }
        : null,
  };
}
