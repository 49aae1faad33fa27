import type { AuditAction } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ExpenseRow, TimeEntryRow, UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { findCase, namesOf } from './time.repository';

/**
 * Audit rows for time entries and expenses (ADR 050): every staff change is audited
 * (docs/product-rules.md#audit). The row's target is the case's client, as a fee note's is; its
 * details keep what the sentence names (audit-phrases.ts: `timeEntryOf`, `expenseOf`), so a
 * deleted entry still reads as one. Someone else's entry names its owner.
 */
async function auditWork(
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `time_entry.${string}` | `expense.${string}`>,
  row: { caseId: string; userId: string },
  details: Record<string, unknown>,
  meta: RequestMeta,
) {
  const theCase = await findCase(tx, row.caseId);
  const owner =
    row.userId === actor.id ? undefined : (await namesOf(tx, [row.userId])).get(row.userId);
  await writeAudit(tx, {
    actorId: actor.id,
    action,
    targetUserId: theCase?.clientId ?? null,
    ip: meta.ip,
    details: {
      caseId: row.caseId,
      caseNumber: theCase?.caseNumber,
      ...(owner ? { ownerName: owner } : {}),
      ...details,
    },
  });
}

export const auditTimeEntry = (
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `time_entry.${string}`>,
  entry: Pick<
    TimeEntryRow,
    'id' | 'caseId' | 'userId' | 'workedOn' | 'minutes' | 'activity' | 'valueKsh'
  >,
  meta: RequestMeta,
) =>
  auditWork(
    tx,
    actor,
    action,
    entry,
    {
      entryId: entry.id,
      date: entry.workedOn,
      minutes: entry.minutes,
      activity: entry.activity,
      valueKsh: entry.valueKsh,
    },
    meta,
  );

export const auditExpense = (
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `expense.${string}`>,
  expense: Pick<
    ExpenseRow,
    'id' | 'caseId' | 'userId' | 'spentOn' | 'kind' | 'amountKsh' | 'payee'
  >,
  meta: RequestMeta,
) =>
  auditWork(
    tx,
    actor,
    action,
    expense,
    {
      expenseId: expense.id,
      date: expense.spentOn,
      kind: expense.kind,
      amountKsh: expense.amountKsh,
      payee: expense.payee,
    },
    meta,
  );
