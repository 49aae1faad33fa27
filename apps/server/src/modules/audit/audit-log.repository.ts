import type { AuditAction } from '@firm/shared';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type { AuditAction };

export interface AuditEntry {
  /** Who did it; null when nobody was signed in (registration, a reset link). */
  actorId: string | null;
  /** One of `AUDIT_ACTIONS` (packages/shared): each has its sentence and its client rule there. */
  action: AuditAction;
  targetUserId?: string | null;
  ip?: string | null;
  /** Enough to read the row on its own later (emails, old and new values), never a secret. */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit row. Pass the caller's transaction, so the row is committed with the change it
 * describes, or not at all.
 */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
