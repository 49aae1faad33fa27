import { PROFILE_MESSAGES, type DataRequest } from '@firm/shared';
import type { DataRequestRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit-log.repository';
import { isUniqueViolation } from '../users/users.repository';
import { buildDataExport } from './data-export';
import { insertDataRequest, listOwnDataRequests } from './profile.repository';
import type { RequestMeta } from '../../lib/route-kit';

import type { ProfileDeps } from './profile.service';

/** Profile's data protection: downloading one's own data, and asking the firm to erase it (Kenya DPA 2019). */
export async function exportOwnData(
  deps: ProfileDeps,
  actor: UserRow,
  meta: RequestMeta,
): Promise<Record<string, unknown>> {
  const now = new Date();
  // The row goes in first, so the file includes its own download.
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'profile.data_exported',
    targetUserId: actor.id,
    ip: meta.ip,
  });
  return buildDataExport(deps.db, actor, now);
}

export function toDataRequest(
  row: DataRequestRow,
  handler?: Pick<UserRow, 'id' | 'firstName' | 'lastName'> | null,
): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    message: row.message,
    reason: row.reason,
    handledBy: handler
      ? { id: handler.id, name: `${handler.firstName} ${handler.lastName}` }
      : null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOwnRequests(deps: ProfileDeps, actor: UserRow): Promise<DataRequest[]> {
  const rows = await listOwnDataRequests(deps.db, actor.id);
  // The person sees the answer, not which colleague gave it.
  return rows.map((row) => toDataRequest(row, null));
}

/** Files a request to delete the person's data; one open request at a time. */
export async function requestDeletion(
  deps: ProfileDeps,
  actor: UserRow,
  message: string | undefined,
  meta: RequestMeta,
): Promise<DataRequest> {
  const alreadyOpen = () =>
    AppError.conflict(PROFILE_MESSAGES.deletionAlreadyOpen, 'DATA_REQUEST_OPEN');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertDataRequest(tx, {
        userId: actor.id,
        kind: 'erasure',
        requesterName: `${actor.firstName} ${actor.lastName}`,
        requesterEmail: actor.email,
        message: message ?? null,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'data_request.created',
        targetUserId: actor.id,
        ip: meta.ip,
        details: { requestId: created.id, kind: 'erasure' },
      });
      return created;
    });
    return toDataRequest(row, null);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
}
