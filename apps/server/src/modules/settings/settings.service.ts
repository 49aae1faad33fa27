import {
  AUDIT_EXPORT_MAX_ROWS,
  PROFILE_MESSAGES,
  type AuditEntryView,
  type AuditLogFilters,
  type AuditLogPage,
  type DataRequest,
  type SuperKeyStatus,
  type UpdateDataRequestInput,
  paginationOf,
} from '@firm/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SuperKeyStore } from '../../lib/super-key';
import { writeAudit } from '../audit/audit-log.repository';
import { isUniqueViolation } from '../users/users.repository';
import { toDataRequest } from '../profile/own-data.service';
import { csvRow } from '../../lib/csv';
import {
  auditRowsForExport,
  distinctAuditActions,
  findDataRequestForUpdate,
  listAuditRows,
  listDataRequests,
  updateDataRequest,
  type AuditRowWithPeople,
} from './settings.repository';
import type { RequestMeta } from '../../lib/route-kit';

export interface SettingsDeps {
  db: Db;
  superKey: SuperKeyStore;
}

/**
 * System Settings, advocates only: the routes check `settings:view` before anything
 * runs. Reading the log is itself audited when exported (a copy leaves the system).
 */

function person(
  id: string | null,
  first: string | null,
  last: string | null,
  email: string | null,
) {
  return id ? { id, name: `${first ?? ''} ${last ?? ''}`.trim(), email: email ?? '' } : null;
}

function toAuditEntry(row: AuditRowWithPeople): AuditEntryView {
  return {
    id: row.id,
    action: row.action,
    actor: person(row.actorId, row.actorFirstName, row.actorLastName, row.actorEmail),
    target: person(row.targetId, row.targetFirstName, row.targetLastName, row.targetEmail),
    ip: row.ip,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function auditLogPage(
  deps: SettingsDeps,
  filters: AuditLogFilters,
): Promise<AuditLogPage> {
  const [{ rows, total }, actions] = await Promise.all([
    listAuditRows(deps.db, filters),
    distinctAuditActions(deps.db),
  ]);
  return {
    entries: rows.map(toAuditEntry),
    total,
    pagination: paginationOf(filters, total),
    actions,
  };
}

export const AUDIT_CSV_HEADER = [
  'Time (UTC)',
  'Action',
  'By (name)',
  'By (email)',
  'Target (name)',
  'Target (email)',
  'IP address',
  'Details',
];

/**
 * The filtered log as CSV lines, read in batches (at most AUDIT_EXPORT_MAX_ROWS rows). The export
 * is recorded first, so the file names its own making.
 */
export async function* auditLogCsv(
  deps: SettingsDeps,
  actor: UserRow,
  filters: AuditLogFilters,
  meta: RequestMeta,
): AsyncGenerator<string> {
  const { page: _page, limit: _limit, ...applied } = filters;
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'audit_log.exported',
    ip: meta.ip,
    details: { filters: applied },
  });
  yield `\uFEFF${csvRow(AUDIT_CSV_HEADER)}`;
  for await (const rows of auditRowsForExport(deps.db, filters, AUDIT_EXPORT_MAX_ROWS)) {
    yield rows
      .map((row) => {
        const entry = toAuditEntry(row);
        return csvRow([
          entry.createdAt,
          entry.action,
          entry.actor?.name,
          entry.actor?.email,
          entry.target?.name,
          entry.target?.email,
          entry.ip,
          Object.keys(entry.details).length > 0 ? entry.details : '',
        ]);
      })
      .join('');
  }
}

// ---------------------------------------------------------------------------------------------
// Data-protection requests

export async function dataRequestList(deps: SettingsDeps): Promise<DataRequest[]> {
  const rows = await listDataRequests(deps.db);
  return rows.map(({ request, handler }) =>
    toDataRequest(
      request,
      handler?.id
        ? { id: handler.id, firstName: handler.firstName ?? '', lastName: handler.lastName ?? '' }
        : null,
    ),
  );
}

/**
 * Moves a request: done (the data was deleted as the policy allows), refused (with the reason the
 * person will read), or back to open. Audited with the reason.
 */
export async function answerDataRequest(
  deps: SettingsDeps,
  actor: UserRow,
  id: string,
  input: { status: UpdateDataRequestInput['status']; reason?: string | undefined },
  meta: RequestMeta,
): Promise<DataRequest> {
  const closing = input.status !== 'open';
  let row;
  try {
    row = await deps.db.transaction(async (tx) => {
      const current = await findDataRequestForUpdate(tx, id);
      if (!current) throw AppError.notFound(PROFILE_MESSAGES.requestNotFound);
      const updated = await updateDataRequest(tx, id, {
        status: input.status,
        reason: input.reason ?? null,
        handledById: closing ? actor.id : null,
        handledAt: closing ? new Date() : null,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'data_request.updated',
        targetUserId: current.userId,
        ip: meta.ip,
        details: {
          requestId: id,
          email: current.requesterEmail,
          from: current.status,
          to: input.status,
          ...(input.reason ? { reason: input.reason } : {}),
        },
      });
      return updated;
    });
  } catch (error) {
    // Reopening while the same person has another open request (one open at a time).
    if (isUniqueViolation(error)) {
      throw AppError.conflict(PROFILE_MESSAGES.anotherRequestOpen, 'DATA_REQUEST_OPEN');
    }
    throw error;
  }
  return toDataRequest(row, closing ? actor : null);
}

// ---------------------------------------------------------------------------------------------
// Super key

export function superKeyStatus(deps: SettingsDeps): SuperKeyStatus {
  return {
    source: deps.superKey.source,
    rotatable: deps.superKey.source === 'file',
  };
}

/** Replaces a generated key; the old one stops working at once. Audited (never the key). */
export async function rotateSuperKey(
  deps: SettingsDeps,
  actor: UserRow,
  meta: RequestMeta,
): Promise<string> {
  if (deps.superKey.source !== 'file') {
    throw AppError.conflict(PROFILE_MESSAGES.superKeyNotRotatable, 'SUPER_KEY_NOT_ROTATABLE');
  }
  const key = deps.superKey.rotate();
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'super_key.rotated',
    ip: meta.ip,
    details: { file: deps.superKey.file },
  });
  return key;
}
