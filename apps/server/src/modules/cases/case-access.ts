import { CASE_MESSAGES, seesAsClient } from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { CaseRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit, type AuditAction } from '../audit/audit-log.repository';
import type { DomainEventPublisher } from '../../lib/domain-events';
import type { CaseScope } from './cases.repository';

/**
 * What every case operation shares (ADR 014): its dependencies, its "not found" answers, the
 * scope a caller reaches (a client their own cases' shared parts, staff every case), and the
 * audit row naming the case and its client.
 */

export interface CasesDeps {
  db: Db;
  documentsDir: string;
  /** A new assignee is announced to messaging (ADR 020). */
  events: DomainEventPublisher;
}

export const notFound = () => AppError.notFound(CASE_MESSAGES.caseNotFound, 'CASE_NOT_FOUND');
export const documentNotFound = () =>
  AppError.notFound(CASE_MESSAGES.documentNotFound, 'DOCUMENT_NOT_FOUND');
export const noteNotFound = () => AppError.notFound(CASE_MESSAGES.noteNotFound, 'NOTE_NOT_FOUND');

export const isClient = (actor: UserRow) => seesAsClient(actor);

/** What `actor` may reach: a client their own cases' shared parts, staff every case. */
export function scopeFor(actor: UserRow): CaseScope {
  return isClient(actor) ? { clientId: actor.id, clientView: true } : { clientView: false };
}

export const nameOf = (user: UserRow) => `${user.firstName} ${user.lastName}`;

/** Audit rows name the case and its client, so a data-subject request can find them. */
export async function audit(
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `case.${string}`>,
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
