import {
  CLIENT_MONEY_LIMITS as L,
  CLIENT_MONEY_MESSAGES as M,
  formatDayInFull,
  formatKsh,
  formatMonthTitle,
  monthOf,
  type StatementLineView,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { refusedBy } from './db-refusals';
import { recordEntry } from './entries.service';
import { findAccount } from './journal.repository';
import {
  entryExists,
  entryOnAccount,
  lineOfEntry,
  lockLine,
  monthLockOf,
  setLineMatch,
  takeAccount,
  type LineOfAccount,
} from './reconciliations.repository';
import { lineView } from './statements.service';

/**
 * Matching by hand (ADR 046, docs/client-money-statements.md#matching): what the import's
 * matching left, a person matches, unmatches, or records as an entry. A line of a locked month
 * stays as it is, since the month's figures are final; the account's row is taken
 * `FOR NO KEY UPDATE` first, so a match and the month's lock take turns.
 */

const MATCHED_BY_HAND = 'Matched by hand';
const RECORDED_FROM_LINE = 'Recorded from the statement line';

/** The line, locked with its account, in an open month; 404 when there is no such line. */
async function openLine(tx: Executor, lineId: string): Promise<LineOfAccount> {
  const found = await lockedLine(tx, lineId);
  await takeAccount(tx, found.accountId, 'no key update');
  const month = monthOf(found.line.lineDate);
  if (await monthLockOf(tx, found.accountId, month)) {
    throw AppError.conflict(
      M.lineMonthLocked(formatMonthTitle(month)),
      'CLIENT_MONEY_MONTH_LOCKED',
    );
  }
  return found;
}

/** The line, its row locked until `tx` ends; 404 when there is no such line. */
async function lockedLine(tx: Executor, lineId: string): Promise<LineOfAccount> {
  const found = await lockLine(tx, lineId);
  if (!found) throw AppError.notFound(M.lineNotFound);
  return found;
}

async function auditMatch(
  tx: Executor,
  user: UserRow,
  action: 'client_money.line_matched' | 'client_money.line_unmatched',
  found: LineOfAccount,
  entry: { id: string; reference: string },
  meta: RequestMeta,
) {
  const account = await findAccount(tx, found.accountId);
  await writeAudit(tx, {
    actorId: user.id,
    action,
    ip: meta.ip,
    details: {
      lineId: found.line.id,
      accountId: found.accountId,
      accountName: account?.name ?? null,
      date: found.line.lineDate,
      amountKsh: found.line.amountKsh,
      reference: found.line.reference || null,
      entryId: entry.id,
      entryReference: entry.reference,
    },
  });
}

/** A concurrent match of the same entry meets the unique index on `entry_id`. */
function asMatchRefusal(error: unknown): unknown {
  return refusedBy(error) === 'client_money_statement_lines_entry_idx'
    ? AppError.conflict(M.entryAlreadyMatched('another statement line'), 'CONFLICT')
    : error;
}

/** POST /api/client-money/statements/lines/{id}/match */
export async function matchLine(
  deps: ClientMoneyDeps,
  user: UserRow,
  lineId: string,
  entryId: string,
  meta: RequestMeta,
): Promise<StatementLineView> {
  assertCan(user, 'client-money:reconcile');
  try {
    return await deps.db.transaction(async (tx) => {
      const found = await openLine(tx, lineId);
      const { line } = found;
      if (line.entryId) throw AppError.conflict(M.lineAlreadyMatched, 'CONFLICT');
      const entry = await entryOnAccount(tx, entryId, found.accountId);
      if (!entry) {
        if (!(await entryExists(tx, entryId))) {
          throw AppError.badRequest(M.entryNotFound, { entryId: M.entryNotFound });
        }
        throw AppError.conflict(M.entryOtherAccount, 'CONFLICT');
      }
      const other = await lineOfEntry(tx, entryId);
      if (other) {
        throw AppError.conflict(M.entryAlreadyMatched(formatDayInFull(other.lineDate)), 'CONFLICT');
      }
      if (entry.amountKsh !== line.amountKsh) {
        throw AppError.conflict(
          M.amountsDiffer(signed(line.amountKsh), signed(entry.amountKsh)),
          'CONFLICT',
        );
      }
      const row = await setLineMatch(tx, line.id, {
        entryId,
        reason: MATCHED_BY_HAND,
        byId: user.id,
        at: nowOf(deps),
      });
      await auditMatch(
        tx,
        user,
        'client_money.line_matched',
        found,
        { id: entryId, ...entry },
        meta,
      );
      return lineView(row);
    });
  } catch (error) {
    throw asMatchRefusal(error);
  }
}

/** POST /api/client-money/statements/lines/{id}/match, DELETE: the line and entry unmatched. */
export async function unmatchLine(
  deps: ClientMoneyDeps,
  user: UserRow,
  lineId: string,
  meta: RequestMeta,
): Promise<StatementLineView> {
  assertCan(user, 'client-money:reconcile');
  return deps.db.transaction(async (tx) => {
    const found = await openLine(tx, lineId);
    const entryId = found.line.entryId;
    if (!entryId) throw AppError.conflict(M.lineNotMatched, 'CONFLICT');
    const entry = await entryOnAccount(tx, entryId, found.accountId);
    const row = await setLineMatch(tx, found.line.id, null);
    await auditMatch(
      tx,
      user,
      'client_money.line_unmatched',
      found,
      { id: entryId, reference: entry?.reference ?? '' },
      meta,
    );
    return lineView(row);
  });
}

/**
 * POST /api/client-money/statements/lines/{id}/entry: the line recorded as a receipt (money in) or
 * a payment (money out) for the client named, dated and sized as the line, and matched to it, in
 * the entry's own transaction: the entry's rules (enough held, an open month) are the journal's.
 */
export async function recordLine(
  deps: ClientMoneyDeps,
  user: UserRow,
  lineId: string,
  input: { clientId: string; caseId?: string | null; narrative?: string },
  meta: RequestMeta,
): Promise<StatementLineView> {
  assertCan(user, 'client-money:reconcile');
  const ready = await deps.db.transaction(async (tx) => {
    const found = await openLine(tx, lineId);
    if (found.line.entryId) throw AppError.conflict(M.lineAlreadyMatched, 'CONFLICT');
    return found;
  });
  const { line } = ready;
  let matched: StatementLineView | undefined;
  try {
    await recordEntry(
      deps,
      user,
      {
        kind: line.amountKsh > 0 ? 'receipt' : 'payment',
        date: line.lineDate,
        clientId: input.clientId,
        caseId: input.caseId ?? null,
        accountId: ready.accountId,
        amountKsh: Math.abs(line.amountKsh),
        reference: (line.reference || line.description).slice(0, L.referenceMax),
        narrative: (input.narrative ?? line.description).slice(0, L.narrativeMax),
      },
      meta,
      async (tx, entry) => {
        // Again, in the entry's transaction: another person may have matched it meanwhile. The
        // account's row is not taken here: the entry's trigger holds it FOR KEY SHARE already, and
        // has refused the entry if the line's month (the entry's) is locked.
        const found = await lockedLine(tx, lineId);
        if (found.line.entryId) throw AppError.conflict(M.lineAlreadyMatched, 'CONFLICT');
        const row = await setLineMatch(tx, lineId, {
          entryId: entry.id,
          reason: RECORDED_FROM_LINE,
          byId: user.id,
          at: nowOf(deps),
        });
        await auditMatch(tx, user, 'client_money.line_matched', found, entry, meta);
        matched = lineView(row);
      },
    );
  } catch (error) {
    throw asMatchRefusal(error);
  }
  return matched!;
}

const signed = (amount: number) => `${formatKsh(Math.abs(amount))} ${amount < 0 ? 'out' : 'in'}`;
