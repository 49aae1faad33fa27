import { PROFILE_MESSAGES, type DeviceSession } from '@firm/shared';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit-log.repository';
import { revokeSession, revokeUserSessions } from '../auth/sessions.repository';
import { listLiveSessions } from './profile.repository';
import { describeUserAgent } from './user-agent';
import type { RequestMeta } from '../../lib/route-kit';

import type { ProfileDeps } from './profile.service';

/** Profile's devices: the person's signed-in sessions, and ending them. */
function toDeviceSession(session: SessionRow, currentId: string): DeviceSession {
  return {
    id: session.id,
    ...describeUserAgent(session.userAgent),
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    current: session.id === currentId,
  };
}

export async function listSessions(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
): Promise<DeviceSession[]> {
  const rows = await listLiveSessions(deps.db, actor.id, new Date());
  return rows.map((row) => toDeviceSession(row, current.id));
}

/** Signs out one other device. The current one signs out with Sign Out (POST /auth/logout). */
export async function endSession(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
  sessionId: string,
  meta: RequestMeta,
): Promise<void> {
  if (sessionId === current.id) {
    throw AppError.badRequest(
      PROFILE_MESSAGES.cannotEndCurrentSession,
      undefined,
      'CURRENT_SESSION',
    );
  }
  await deps.db.transaction(async (tx) => {
    // Another person's session answers as an unknown one.
    if (!(await revokeSession(tx, sessionId, actor.id))) {
      throw AppError.notFound(PROFILE_MESSAGES.sessionNotFound);
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'session.revoked',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { sessionId },
    });
  });
}

export async function endOtherSessions(
  deps: ProfileDeps,
  actor: UserRow,
  current: SessionRow,
  meta: RequestMeta,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const count = await revokeUserSessions(tx, actor.id, current.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'session.revoked_others',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { count },
    });
    return count;
  });
}
