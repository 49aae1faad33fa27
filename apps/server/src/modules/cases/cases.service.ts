import {
  CASE_MESSAGES,
  FIRM_TIME_ZONE,
  allowedStatusMoves,
  formatCaseNumber,
  can,
  seesAsClient,
  type CaseDetail,
  type CaseList,
  type CaseNote,
  type CasePeople,
  type ConflictCheckValues,
  type ConflictMatch,
  type CreateCaseValues,
  type ListCasesFilters,
  type UpdateCaseValues,
  type CaseDocument,
  paginationOf,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { CaseRow, NewCaseRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { writeAudit } from '../audit/audit-log.repository';
import {
  notifyCaseAssigned,
  notifyCaseContentAdded,
  notifyCaseContentShared,
  notifyCaseOpened,
  notifyCaseStatusChanged,
  notifyCourtDateSet,
} from '../notifications/notify-events';
import { toCaseDetail, toCaseDocument, toCaseNote, toCaseSummary } from './case-serializer';
import {
  caseIdsOfClient,
  countCaseContents,
  deleteCaseRow,
  deleteDocumentRow,
  findCaseInScope,
  findDocument,
  findNote,
  findSimilarPeople,
  insertCase,
  insertEvent,
  insertNote,
  insertParties,
  listCasePeople,
  listCases as listCaseRows,
  loadCaseChildren,
  lockCaseInScope,
  nextCaseSequence,
  setItemVisibility,
  touchCase,
  updateCaseAtVersion,
  type CaseScope,
} from './cases.repository';
import {
  discardFile,
  keepFile,
  removeDocumentFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import type { RequestMeta } from '../../lib/route-kit';
import { publishDomainEvent } from '../../lib/domain-events';
import { findActiveUser } from '../users/users.repository';
import { recordCaseDocument } from './record-document';

/**
 * The rules of case files (ADR 014). Every function takes the signed-in caller, checks
 * `can()` itself (the routes check the action first too) and scopes its queries: a client reaches
 * only their own cases and their shared parts, anything else is "not found". Each change writes
 * its timeline events and its audit row in the change's own transaction.
 */

export interface CasesDeps {
  db: Db;
  documentsDir: string;
}

const notFound = () => AppError.notFound(CASE_MESSAGES.caseNotFound, 'CASE_NOT_FOUND');
const documentNotFound = () =>
  AppError.notFound(CASE_MESSAGES.documentNotFound, 'DOCUMENT_NOT_FOUND');
const noteNotFound = () => AppError.notFound(CASE_MESSAGES.noteNotFound, 'NOTE_NOT_FOUND');

const isClient = (actor: UserRow) => seesAsClient(actor);

/** What `actor` may reach: a client their own cases' shared parts, staff every case. */
function scopeFor(actor: UserRow): CaseScope {
  return isClient(actor) ? { clientId: actor.id, clientView: true } : { clientView: false };
}

const nameOf = (user: UserRow) => `${user.firstName} ${user.lastName}`;

/** Audit rows name the case and its client, so a data-subject request can find them. */
async function audit(
  tx: Executor,
  actor: UserRow,
  action: string,
  row: Pick<CaseRow, 'id' | 'caseNumber' | 'clientId'>,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
) {
  await writeAudit(tx, {
    actorId: actor.id,
    action,
    targetUserId: row.clientId,
    ip: meta.ip,
    details: { caseId: row.id, caseNumber: row.caseNumber, ...details },
  });
}

export async function listCases(
  deps: CasesDeps,
  actor: UserRow,
  filters: ListCasesFilters,
): Promise<CaseList> {
  assertCan(actor, 'cases:view');
  const { rows, total } = await listCaseRows(deps.db, scopeFor(actor), filters);
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    cases: rows.map(toCaseSummary),
  };
}

/**
 * The case as `actor` may see it. Callers who may change a case but not open its files (an admin
 * with canManageCases alone) get its fields without documents, notes or timeline.
 */
async function readCase(db: Executor, actor: UserRow, id: string): Promise<CaseDetail> {
  const scope = scopeFor(actor);
  const row = await findCaseInScope(db, scope, id);
  if (!row) throw notFound();
  const mayOpen = can(actor, 'cases:view', { clientId: row.clientId });
  const children = mayOpen
    ? await loadCaseChildren(db, scope, id)
    : { parties: [], documents: [], notes: [], events: [] };
  let clearedByName: string | null = null;
  if (!scope.clientView && row.conflictClearedBy) {
    clearedByName =
      (await findActiveUser(db, row.conflictClearedBy, ['advocate', 'admin']))?.name ?? null;
  }
  return toCaseDetail(row, children, {
    viewer: scope.clientView ? 'client' : 'staff',
    clearedByName,
  });
}

/**
 * A client's own case files as they see them (shared documents, notes and timeline only), for
 * "Download my data". Staff get none: the files they work on are the firm's records about its
 * clients, not the staff member's personal data.
 */
export async function ownCasesForExport(db: Executor, user: UserRow): Promise<CaseDetail[]> {
  if (!isClient(user)) return [];
  const ids = await caseIdsOfClient(db, user.id);
  const files: CaseDetail[] = [];
  for (const id of ids) files.push(await readCase(db, user, id));
  return files;
}

/** Opening a case: staff reads of a client's file are audited (Kenya DPA, docs/roles-and-permissions.md). */
export async function getCase(
  deps: CasesDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<CaseDetail> {
  assertCan(actor, 'cases:view');
  const detail = await readCase(deps.db, actor, id);
  if (!isClient(actor)) {
    await audit(
      deps.db,
      actor,
      'case.viewed',
      { id, caseNumber: detail.caseNumber, clientId: detail.clientId },
      meta,
    );
  }
  return detail;
}

/** The New Case modal's pickers. */
export async function casePeople(
  deps: CasesDeps,
  actor: UserRow,
  search: string | undefined,
): Promise<CasePeople> {
  assertCan(actor, 'cases:create');
  return { success: true, ...(await listCasePeople(deps.db, search)) };
}

/**
 * The conflict-of-interest check: the client's name against every case's parties, and each
 * party's name against the firm's clients and every case's parties. Case numbers are shown only to
 * those who may open case files.
 */
async function findConflicts(
  db: Executor,
  input: {
    clientName?: string;
    clientId?: string;
    excludeCaseId?: string;
    parties: { name: string }[];
    /** Also look for the client's name among client accounts (default: when no client is chosen). */
    clientAgainstClients?: boolean;
  },
): Promise<ConflictMatch[]> {
  const searches: Promise<Awaited<ReturnType<typeof findSimilarPeople>>>[] = [];
  const clientName = input.clientName?.trim();
  if (clientName) {
    searches.push(
      findSimilarPeople(db, clientName, {
        clients: input.clientAgainstClients ?? !input.clientId,
        exceptClientId: input.clientId,
        exceptCaseId: input.excludeCaseId,
      }),
    );
  }
  for (const party of input.parties) {
    const name = party.name.trim();
    if (name.length < 3) continue;
    searches.push(
      findSimilarPeople(db, name, {
        clients: true,
        exceptClientId: input.clientId,
        exceptCaseId: input.excludeCaseId,
      }),
    );
  }
  const seen = new Set<string>();
  return (await Promise.all(searches)).flat().filter((hit) => {
    const key = `${hit.name}|${hit.source}|${hit.matchedName}|${hit.caseId ?? ''}|${hit.role ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function visibleMatches(actor: UserRow, matches: ConflictMatch[]): ConflictMatch[] {
  if (can(actor, 'cases:view')) return matches;
  return matches.map((match) => ({ ...match, caseId: null, caseNumber: null }));
}

export async function conflictCheck(
  deps: CasesDeps,
  actor: UserRow,
  input: ConflictCheckValues,
): Promise<ConflictMatch[]> {
  assertCan(actor, 'cases:create');
  return visibleMatches(actor, await findConflicts(deps.db, input));
}

/**
 * For user management's create-client: the cases naming someone like the new client as a party.
 * Client accounts with a similar name are left out: that is a possible duplicate account, not a
 * conflict of interest, and names repeat (two clients may well both be "John Kamau").
 */
export async function conflictsForNewClient(
  db: Executor,
  clientName: string,
): Promise<ConflictMatch[]> {
  return findConflicts(db, { clientName, parties: [], clientAgainstClients: false });
}

async function assertAssignee(db: Executor, id: string) {
  const assignee = await findActiveUser(db, id, ['advocate', 'admin']);
  if (!assignee) {
    throw AppError.badRequest(CASE_MESSAGES.assigneeNotFound, {
      assignedTo: CASE_MESSAGES.assigneeNotFound,
    });
  }
  return assignee;
}

function yearInNairobi(date: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-KE', { timeZone: FIRM_TIME_ZONE, year: 'numeric' }).format(date),
  );
}

export async function createCase(
  deps: CasesDeps,
  actor: UserRow,
  input: CreateCaseValues,
  meta: RequestMeta,
): Promise<CaseDetail> {
  assertCan(actor, 'cases:create');
  const client = await findActiveUser(deps.db, input.clientId, ['client']);
  if (!client) {
    throw AppError.badRequest(CASE_MESSAGES.clientNotFound, {
      clientId: CASE_MESSAGES.clientNotFound,
    });
  }
  const assignee = input.assignedTo ? await assertAssignee(deps.db, input.assignedTo) : null;
  const matches = await findConflicts(deps.db, {
    clientName: client.name,
    clientId: client.id,
    parties: input.parties,
  });
  if (matches.length > 0 && !input.conflictCheck?.cleared) {
    throw AppError.conflict(CASE_MESSAGES.conflictCheckRequired, 'CONFLICT_CHECK_REQUIRED');
  }
  const cleared = matches.length > 0 ? input.conflictCheck : undefined;
  const now = new Date();
  const id = await deps.db.transaction(async (tx) => {
    const year = yearInNairobi(now);
    const caseNumber = formatCaseNumber(year, await nextCaseSequence(tx, year));
    const values: NewCaseRow = {
      caseNumber,
      title: input.title,
      description: input.description,
      category: input.category,
      priority: input.priority,
      clientId: client.id,
      assigneeId: assignee?.id ?? null,
      court: input.court ?? null,
      courtCaseNumber: input.courtCaseNumber ?? null,
      courtDate: input.courtDate ? new Date(input.courtDate) : null,
      createdBy: actor.id,
      ...(cleared
        ? {
            conflictClearedReason: cleared.reason,
            conflictClearedBy: actor.id,
            conflictClearedAt: now,
          }
        : {}),
    };
    const row = await insertCase(tx, values);
    await insertParties(tx, row.id, input.parties);
    const event = (
      type: Parameters<typeof insertEvent>[1]['type'],
      details: Record<string, unknown> = {},
    ) => insertEvent(tx, { caseId: row.id, type, details, actorId: actor.id });
    await event('case_created', { caseNumber, category: row.category });
    if (assignee) await event('assigned', { assigneeId: assignee.id, assigneeName: assignee.name });
    if (row.courtDate) {
      await event('court_date_set', { courtDate: row.courtDate.toISOString(), court: row.court });
    }
    await audit(tx, actor, 'case.created', row, meta, {
      title: row.title,
      assigneeId: row.assigneeId,
      parties: input.parties.map((p) => ({ role: p.role, name: p.name })),
      ...(cleared ? { conflictCleared: { reason: cleared.reason, matches } } : {}),
    });
    await notifyCaseOpened(tx, row, actor);
    await notifyCaseAssigned(tx, row, actor);
    await notifyCourtDateSet(tx, row, false, actor);
    return row.id;
  });
  return readCase(deps.db, actor, id);
}

export async function updateCase(
  deps: CasesDeps,
  actor: UserRow,
  id: string,
  input: UpdateCaseValues,
  meta: RequestMeta,
): Promise<CaseDetail> {
  assertCan(actor, 'cases:manage');
  await deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), id);
    if (!current) throw notFound();
    if (current.version !== input.version) {
      throw AppError.conflict(CASE_MESSAGES.versionConflict, 'VERSION_CONFLICT');
    }
    const changes: Partial<NewCaseRow> = {};
    const events: {
      type: Parameters<typeof insertEvent>[1]['type'];
      details: Record<string, unknown>;
    }[] = [];
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    const set = <K extends keyof NewCaseRow & keyof CaseRow>(key: K, value: NewCaseRow[K]) => {
      const before =
        current[key] instanceof Date ? (current[key] as Date).toISOString() : current[key];
      const after = value instanceof Date ? value.toISOString() : value;
      if (before === after) return false;
      changes[key] = value;
      changed[key] = { from: before, to: after };
      return true;
    };
    if (input.title !== undefined) set('title', input.title);
    if (input.description !== undefined) set('description', input.description);
    if (input.category !== undefined) set('category', input.category);
    if (input.priority !== undefined) set('priority', input.priority);
    if (input.court !== undefined) set('court', input.court);
    if (input.courtCaseNumber !== undefined) set('courtCaseNumber', input.courtCaseNumber);
    if (input.status !== undefined && input.status !== current.status) {
      const allowed = allowedStatusMoves(current.status, actor.role);
      if (!allowed.includes(input.status)) {
        throw AppError.conflict(
          CASE_MESSAGES.statusMoveNotAllowed(current.status, input.status, allowed),
          'STATUS_MOVE_NOT_ALLOWED',
        );
      }
      set('status', input.status);
      events.push({ type: 'status_changed', details: { from: current.status, to: input.status } });
      if (input.status === 'closed') {
        changes.closedAt = new Date();
        events.push({ type: 'case_closed', details: {} });
      }
      if (current.status === 'closed') {
        changes.closedAt = null;
        events.push({ type: 'case_reopened', details: {} });
      }
    }
    if (input.assignedTo !== undefined && input.assignedTo !== current.assigneeId) {
      const assignee = input.assignedTo ? await assertAssignee(tx, input.assignedTo) : null;
      set('assigneeId', assignee?.id ?? null);
      events.push({
        type: 'assigned',
        details: { assigneeId: assignee?.id ?? null, assigneeName: assignee?.name ?? null },
      });
    }
    if (input.courtDate !== undefined) {
      const courtDate = input.courtDate ? new Date(input.courtDate) : null;
      if (set('courtDate', courtDate)) {
        // A moved court date is owed its own day-before reminder (ADR 025).
        changes.courtReminderSentAt = null;
        events.push({
          type: 'court_date_set',
          details: {
            courtDate: courtDate?.toISOString() ?? null,
            court: input.court ?? current.court,
          },
        });
      }
    }
    if (input.courtHearing) {
      events.push({ type: 'court_hearing', details: { summary: input.courtHearing } });
    }
    if (Object.keys(changes).length === 0 && events.length === 0) return;
    const updated = await updateCaseAtVersion(tx, id, input.version, changes);
    if (!updated) throw AppError.conflict(CASE_MESSAGES.versionConflict, 'VERSION_CONFLICT');
    for (const event of events) {
      await insertEvent(tx, {
        caseId: id,
        type: event.type,
        details: event.details,
        actorId: actor.id,
      });
    }
    await audit(tx, actor, 'case.updated', current, meta, {
      changed,
      ...(input.courtHearing ? { courtHearing: input.courtHearing } : {}),
    });
    const after = { ...current, ...changes };
    if (changes.status) await notifyCaseStatusChanged(tx, after, changes.status, actor);
    if (changes.courtDate) {
      await notifyCourtDateSet(tx, after, current.courtDate !== null, actor);
    }
    if (changes.assigneeId) {
      await notifyCaseAssigned(tx, after, actor);
      // Messaging names them on the case's conversations (ADR 020).
      await publishDomainEvent(tx, 'caseAssigned', {
        caseId: id,
        assigneeId: changes.assigneeId,
        changedBy: actor.id,
      });
    }
  });
  return readCase(deps.db, actor, id);
}

/** Advocates only, and only an empty case (a mistaken entry): otherwise it is closed, never deleted. */
export async function deleteCase(
  deps: CasesDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(actor, 'cases:delete');
  await deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), id);
    if (!current) throw notFound();
    const contents = await countCaseContents(tx, id);
    if (contents.documents > 0 || contents.notes > 0) {
      throw AppError.conflict(CASE_MESSAGES.caseNotEmpty, 'CASE_NOT_EMPTY');
    }
    await audit(tx, actor, 'case.deleted', current, meta, {
      title: current.title,
      status: current.status,
    });
    await deleteCaseRow(tx, id);
  });
}

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
    await notifyCaseContentAdded(tx, current, 'note', input.visibleToClient, actor);
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

/** The same for a note; notes are the work of those who manage cases. */
export async function setNoteVisibility(
  deps: CasesDeps,
  actor: UserRow,
  caseId: string,
  noteId: string,
  visibleToClient: boolean,
  meta: RequestMeta,
): Promise<CaseNote> {
  assertCan(actor, 'cases:manage');
  return deps.db.transaction(async (tx) => {
    const current = await lockCaseInScope(tx, scopeFor(actor), caseId);
    if (!current) throw noteNotFound();
    const note = await findNote(tx, caseId, noteId);
    if (!note) throw noteNotFound();
    if (note.visibleToClient === visibleToClient) return toCaseNote(note);
    await setItemVisibility(tx, { kind: 'note', caseId, id: noteId }, visibleToClient);
    await touchCase(tx, caseId);
    await audit(tx, actor, 'case.note_visibility_changed', current, meta, {
      noteId,
      visibleToClient,
    });
    if (visibleToClient) await notifyCaseContentShared(tx, current, 'note', actor);
    return toCaseNote({ ...note, visibleToClient });
  });
}
