import {
  CASE_LIMITS,
  CASE_MESSAGES,
  mayUnshareNote,
  type CaseDocument,
  type CaseNote,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  discardFile,
  keepFile,
  removeDocumentFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { withdrawNotifications } from '../notifications/notifications.service';
import {
  noteNotificationKey,
  notifyCaseContentAdded,
  notifyCaseContentShared,
} from '../notifications/notify-events';
import { findActiveUser } from '../users/users.repository';
import {
  audit,
  documentNotFound,
  isClient,
  nameOf,
  notFound,
  noteNotFound,
  scopeFor,
  type CasesDeps,
} from './case-access';
import { toCaseDocument, toCaseNote } from './case-serializer';
import { findCaseInScope, lockCaseInScope, touchCase } from './cases.repository';
import {
  deleteDocumentRow,
  findDocument,
  findNote,
  insertNote,
  setItemVisibility,
} from './case-contents.repository';
import { insertEvent } from './cases.repository';
import { recordCaseDocument } from './record-document';

/**
 * A case's contents (ADR 014): notes, documents (upload, download, removal) and sharing either
 * with the client after the fact. Each change locks its case, writes its timeline event and audit
 * row in its own transaction, and tells the people the notification rules name.
 */

export async function addNote(
  deps: CasesDeps,
  actor: UserRow,
  id: string,
  input: { content: string; visibleToClient: boolean },
  meta: RequestMeta,
): Promise<CaseNote> {
  assertCan(actor, 'cases:manage');
  return deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), id);
    if (!current) throw notFound();
    const note = await insertNote(tx, {
      caseId: id,
      authorId: actor.id,
      authorName: nameOf(actor),
      content: input.content,
      visibleToClient: input.visibleToClient,
      sharedAt: input.visibleToClient ? new Date() : null,
    });
    await insertEvent(tx, {
      caseId: id,
      type: 'note_added',
      details: { noteId: note.id, author: note.authorName },
      actorId: actor.id,
      visibleToClient: input.visibleToClient,
    });
    await touchCase(tx, id);
    await audit(tx, actor, 'case.note_added', current, meta, {
      noteId: note.id,
      visibleToClient: input.visibleToClient,
    });
    await notifyCaseContentAdded(tx, current, 'note', input.visibleToClient, actor, note.id);
    return toCaseNote(note);
  });
}

/**
 * Checks, before the upload is read, that `actor` may add a document to case `id`: 404 for a case
 * out of scope, 409 for a client's closed case.
 */
export async function assertMayUpload(deps: CasesDeps, actor: UserRow, id: string): Promise<void> {
  assertCan(actor, 'files:upload');
  const row = await findCaseInScope(deps.db, scopeFor(actor), id);
  if (!row) throw notFound();
  if (isClient(actor) && row.status === 'closed') {
    throw AppError.conflict(CASE_MESSAGES.closedCaseUpload, 'CASE_CLOSED');
  }
}

/** Records a received file on the case; the file is kept only if the row is committed. */
export async function recordDocument(
  deps: CasesDeps,
  actor: UserRow,
  id: string,
  file: ReceivedFile,
  options: { name: string; visibleToClient: boolean },
  meta: RequestMeta,
): Promise<CaseDocument> {
  // A client's own upload is theirs to see; staff choose.
  const visibleToClient = isClient(actor) ? true : options.visibleToClient;
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await lockCaseInScope(tx, scopeFor(actor), id);
      if (!current) throw notFound();
      if (isClient(actor) && current.status === 'closed') {
        throw AppError.conflict(CASE_MESSAGES.closedCaseUpload, 'CASE_CLOSED');
      }
      const document = await recordCaseDocument(
        tx,
        actor,
        current,
        {
          id: file.id,
          name: options.name,
          mimeType: file.mimeType,
          sizeBytes: file.size,
          sha256: file.sha256,
          visibleToClient,
        },
        meta,
      );
      await keepFile(file);
      return document;
    });
  } catch (error) {
    await discardFile(file);
    throw error;
  }
}

/** The document `actor` may download (a client: a shared one of their own case), audited. */
export async function documentForDownload(
  deps: CasesDeps,
  actor: UserRow,
  caseId: string,
  documentId: string,
  meta: RequestMeta,
) {
  assertCan(actor, 'files:open');
  const scope = scopeFor(actor);
  const document = await findDocument(deps.db, scope, caseId, documentId);
  if (!document) throw documentNotFound();
  const row = await findCaseInScope(deps.db, scope, caseId);
  if (!row) throw documentNotFound();
  await audit(deps.db, actor, 'case.document_downloaded', row, meta, {
    documentId: document.id,
    name: document.name,
  });
  return document;
}

/** Staff remove a document; the audit log keeps what it was. */
export async function deleteDocument(
  deps: CasesDeps,
  actor: UserRow,
  caseId: string,
  documentId: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(actor, 'cases:manage');
  await deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), caseId);
    if (!current) throw documentNotFound();
    const document = await findDocument(tx, scopeFor(actor), caseId, documentId);
    if (!document) throw documentNotFound();
    await deleteDocumentRow(tx, documentId);
    await touchCase(tx, caseId);
    await audit(tx, actor, 'case.document_deleted', current, meta, {
      documentId,
      name: document.name,
      mimeType: document.mimeType,
      size: document.sizeBytes,
      sha256: document.sha256,
    });
  });
  await removeDocumentFile(deps.documentsDir, documentId);
}

/**
 * Shares a document with the client after its upload, or makes it internal again (ADR
 * 014 "Sharing after the fact"): audited whether or not it changed anything the client sees; the
 * client is told only when it becomes shared (an item made internal simply disappears for them).
 */
export async function setDocumentVisibility(
  deps: CasesDeps,
  actor: UserRow,
  caseId: string,
  documentId: string,
  visibleToClient: boolean,
  meta: RequestMeta,
): Promise<CaseDocument> {
  assertCan(actor, 'files:share');
  return deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), caseId);
    if (!current) throw documentNotFound();
    const document = await findDocument(tx, scopeFor(actor), caseId, documentId);
    if (!document) throw documentNotFound();
    const uploader = document.uploadedBy
      ? await findActiveUser(tx, document.uploadedBy, ['advocate', 'admin', 'client'])
      : undefined;
    const answer = (visible: boolean) =>
      toCaseDocument({
        ...document,
        visibleToClient: visible,
        uploaderName: uploader?.name ?? null,
      });
    if (document.visibleToClient === visibleToClient) return answer(visibleToClient);
    await setItemVisibility(tx, { kind: 'document', caseId, id: documentId }, visibleToClient);
    await touchCase(tx, caseId);
    await audit(tx, actor, 'case.document_visibility_changed', current, meta, {
      documentId,
      name: document.name,
      visibleToClient,
    });
    if (visibleToClient) await notifyCaseContentShared(tx, current, 'document', actor);
    return answer(visibleToClient);
  });
}

/**
 * The same for a note; notes are the work of those who manage cases. A shared note is made
 * internal again only within minutes of being shared, and its notification leaves the client's
 * bell with it (ADR 014, "Un-sharing a note"); later the client may have read it: 409.
 */
export async function setNoteVisibility(
  deps: CasesDeps,
  actor: UserRow,
  caseId: string,
  noteId: string,
  visibleToClient: boolean,
  meta: RequestMeta,
  now = new Date(),
): Promise<CaseNote> {
  assertCan(actor, 'cases:manage');
  return deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), caseId);
    if (!current) throw noteNotFound();
    const note = await findNote(tx, caseId, noteId);
    if (!note) throw noteNotFound();
    if (note.visibleToClient === visibleToClient) return toCaseNote(note);
    if (!visibleToClient && !mayUnshareNote(note.sharedAt ?? note.createdAt, now)) {
      throw AppError.conflict(
        CASE_MESSAGES.noteUnshareTooLate(CASE_LIMITS.noteUnshareWindowMinutes),
        'NOTE_UNSHARE_WINDOW_PASSED',
      );
    }
    await setItemVisibility(tx, { kind: 'note', caseId, id: noteId }, visibleToClient);
    await touchCase(tx, caseId);
    await audit(tx, actor, 'case.note_visibility_changed', current, meta, {
      noteId,
      visibleToClient,
    });
    if (visibleToClient) {
      await notifyCaseContentShared(tx, current, 'note', actor, noteId);
    } else {
      await withdrawNotifications(tx, current.clientId, noteNotificationKey(noteId));
    }
    return toCaseNote({ ...note, visibleToClient, sharedAt: visibleToClient ? now : null });
  });
}
