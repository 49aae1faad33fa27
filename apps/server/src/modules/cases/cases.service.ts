import {
  CASE_MESSAGES,
  FIRM_TIME_ZONE,
  allowedStatusMoves,
  formatCaseNumber,
  can,
  type CaseDetail,
  type CaseList,
  type CasePeople,
  type CreateCaseValues,
  type ListCasesFilters,
  type UpdateCaseValues,
  paginationOf,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { CaseRow, NewCaseRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import {
  notifyCaseAssigned,
  notifyCaseOpened,
  notifyCaseStatusChanged,
  notifyCourtDateSet,
} from '../notifications/notify-events';
import { toCaseDetail, toCaseSummary } from './case-serializer';
import {
  caseIdsOfClient,
  deleteCaseRow,
  findCaseInScope,
  insertCase,
  insertParties,
  listCasePeople,
  listCases as listCaseRows,
  lockCaseInScope,
  nextCaseSequence,
  updateCaseAtVersion,
} from './cases.repository';
import { countCaseContents, loadCaseChildren } from './case-contents.repository';
import { insertEvent } from './cases.repository';
import type { RequestMeta } from '../../lib/route-kit';
import { findActiveUser } from '../users/users.repository';
import { audit, isClient, notFound, scopeFor, type CasesDeps } from './case-access';
import { findConflicts } from './case-conflicts.service';
import { assertCourtDayConfirmed } from './court-day';

/**
 * The rules of case files (ADR 014): the case itself (list, open, create, change, delete); its
 * contents are case-contents.service.ts's, the conflict check case-conflicts.service.ts's. Every function takes the signed-in caller, checks
 * `can()` itself (the routes check the action first too) and scopes its queries: a client reaches
 * only their own cases and their shared parts, anything else is "not found". Each change writes
 * its timeline events and its audit row in the change's own transaction.
 */

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
  if (input.courtDate) assertCourtDayConfirmed(new Date(input.courtDate), input.courtDateConfirmed);
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
        if (courtDate) assertCourtDayConfirmed(courtDate, input.courtDateConfirmed);
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
      await deps.events.publish(tx, 'caseAssigned', {
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
    if (contents.time > 0) throw AppError.conflict(CASE_MESSAGES.caseHasTime, 'CASE_NOT_EMPTY');
    await audit(tx, actor, 'case.deleted', current, meta, {
      title: current.title,
      status: current.status,
    });
    await deleteCaseRow(tx, id);
  });
}
