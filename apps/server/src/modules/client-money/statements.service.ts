import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CLIENT_MONEY_MESSAGES as M,
  formatDayInFull,
  formatMonthTitle,
  monthOf,
  type StatementImported,
  type StatementLineView,
} from '@firm/shared';
import type { ClientMoneyStatementLineRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import type { ClientMoneyDeps } from './client-money-deps';
import { refusedBy } from './db-refusals';
import { findAccount } from './journal.repository';
import { lockedMonthBetween } from './reconciliations.repository';
import { StatementBytesCheck } from './statement-upload';
import {
  insertStatement,
  insertStatementLines,
  linesOfStatement,
  overlappingStatement,
  unmatchedEntriesOfAccount,
  type NewStatementLine,
} from './statements.repository';
import { readStatementStream, type StatementLine } from './statements/statement-csv';
import {
  DEFAULT_REFERENCE_WINDOW_DAYS,
  matchReasonText,
  matchStatement,
} from './statements/statement-matching';

/**
 * POST /api/client-money/statements (ADR 046): a client account's statement, read as it arrives,
 * kept whole with its lines, and matched to the account's journal entries in the same
 * transaction. A file that is not text, too large or unreadable keeps nothing.
 */

export interface StatementUpload {
  fileName: string;
  /** The multipart file stream; `truncated` once it passed the size limit. */
  file: Readable & { truncated?: boolean };
  maxMb: number;
}

/** The account must be one of the firm's client accounts; checked before the file is read. */
export async function assertStatementAccount(
  deps: ClientMoneyDeps,
  user: UserRow,
  accountId: string,
) {
  assertCan(user, 'client-money:reconcile');
  const account = await findAccount(deps.db, accountId);
  if (!account) throw AppError.notFound(M.accountNotFound);
  if (account.kind !== 'client') {
    throw AppError.badRequest(M.statementNotAClientAccount, {
      accountId: M.statementNotAClientAccount,
    });
  }
  return account;
}

export async function importStatement(
  deps: ClientMoneyDeps,
  user: UserRow,
  accountId: string,
  upload: StatementUpload,
  meta: RequestMeta,
): Promise<StatementImported['statement']> {
  const account = await assertStatementAccount(deps, user, accountId);
  const check = new StatementBytesCheck();
  let tooLarge = false;
  upload.file.on('error', (error: Error & { code?: string }) => {
    tooLarge ||= error.code === 'FST_REQ_FILE_TOO_LARGE';
    check.destroy(error);
  });
  // The reader passes on a stream's own failure (the size limit, bytes that are not text).
  const outcome = await readStatementStream(upload.file.pipe(check)).then(
    (read) => ({ read }),
    (error: unknown) => ({ error }),
  );
  if (tooLarge || upload.file.truncated) {
    throw new AppError(413, M.statementTooLarge(upload.maxMb), 'FILE_TOO_LARGE');
  }
  if (check.notText) {
    throw new AppError(415, M.statementNotText, 'FILE_TYPE_NOT_ALLOWED');
  }
  if ('error' in outcome) throw outcome.error;
  const { read } = outcome;
  if (!read.ok) {
    const errors = Object.fromEntries(
      read.errors.map((problem, index) => [
        problem.lineNumber === null ? `file.${index}` : `line.${problem.lineNumber}`,
        problem.message,
      ]),
    );
    throw AppError.badRequest(M.statementUnreadable(read.errors.length), errors);
  }
  const firstDate = read.lines[0]!.date;
  const lastDate = read.lines[read.lines.length - 1]!.date;
  if (firstDate < account.openingDate) {
    throw AppError.badRequest(M.statementBeforeOpening(formatDayInFull(account.openingDate)), {
      file: M.statementBeforeOpening(formatDayInFull(account.openingDate)),
    });
  }
  await refuseOverlap(deps, accountId, firstDate, lastDate);
  // A locked month's figures are final: a statement adding lines to it would move them.
  const locked = await lockedMonthBetween(
    deps.db,
    accountId,
    monthOf(firstDate),
    monthOf(lastDate),
  );
  if (locked) {
    throw AppError.conflict(
      M.statementInLockedMonth(formatMonthTitle(locked)),
      'CLIENT_MONEY_MONTH_LOCKED',
    );
  }

  const statementId = randomUUID();
  const now = new Date();
  try {
    return await deps.db.transaction(async (tx) => {
      const statement = await insertStatement(tx, {
        id: statementId,
        accountId,
        format: read.format,
        fileName: upload.fileName,
        firstDate,
        lastDate,
        openingBalanceKsh: read.openingBalanceKsh,
        closingBalanceKsh: read.closingBalanceKsh,
        importedById: user.id,
      });
      // Read after the statement's insert, whose trigger has taken the account's row: a second
      // import of this account waits, and then sees the entries this one matched.
      const entries = await unmatchedEntriesOfAccount(tx, accountId, lastDatePlus(lastDate));
      const lines = read.lines.map((line) => ({ ...line, id: randomUUID() }));
      const result = matchStatement(lines, entries);
      const matchOf = new Map(result.matches.map((match) => [match.lineId, match]));
      await insertStatementLines(
        tx,
        lines.map((line): NewStatementLine => {
          const match = matchOf.get(line.id);
          return {
            ...lineValues(statement.id, line),
            entryId: match?.entryId ?? null,
            matchedBy: match ? 'auto' : null,
            matchReason: match ? matchReasonText(match) : null,
            matchedAt: match ? now : null,
          };
        }),
      );
      await writeAudit(tx, {
        actorId: user.id,
        action: 'client_money.statement_imported',
        ip: meta.ip,
        details: {
          statementId: statement.id,
          accountId,
          accountName: account.name,
          name: upload.fileName,
          firstDate,
          lastDate,
          lineCount: lines.length,
          matchedCount: result.matches.length,
          closingBalanceKsh: read.closingBalanceKsh,
        },
      });
      const stored = await linesOfStatement(tx, statement.id);
      return {
        id: statement.id,
        accountId,
        format: statement.format,
        fileName: statement.fileName,
        firstDate,
        lastDate,
        openingBalanceKsh: statement.openingBalanceKsh,
        closingBalanceKsh: statement.closingBalanceKsh,
        lineCount: lines.length,
        matchedCount: result.matches.length,
        skipped: read.skipped.map((problem) => problem.message),
        unmatchedLines: stored.filter((line) => line.entryId === null).map(lineView),
      };
    });
  } catch (error) {
    if (refusedBy(error) === 'client_money_statements_overlap') {
      throw AppError.conflict(M.statementOverlapsRace, 'CONFLICT');
    }
    throw error;
  }
}

/** The precise answer: which statement already holds these days. The trigger has the last word. */
async function refuseOverlap(
  deps: ClientMoneyDeps,
  accountId: string,
  first: string,
  last: string,
) {
  const overlap = await overlappingStatement(deps.db, accountId, first, last);
  if (overlap) {
    throw AppError.conflict(
      M.statementOverlaps(
        overlap.fileName,
        formatDayInFull(overlap.firstDate),
        formatDayInFull(overlap.lastDate),
      ),
      'CONFLICT',
    );
  }
}

/** Entries up to the reference window past the last line: a cheque written before it clears. */
function lastDatePlus(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + DEFAULT_REFERENCE_WINDOW_DAYS);
  return date.toISOString().slice(0, 10);
}

const lineValues = (statementId: string, line: StatementLine & { id: string }) => ({
  id: line.id,
  statementId,
  lineNumber: line.lineNumber,
  lineDate: line.date,
  lineTime: line.time,
  description: line.description,
  reference: line.reference,
  amountKsh: line.amountKsh,
  balanceKsh: line.balanceKsh,
  otherParty: line.otherParty,
  accountNumber: line.accountNumber,
});

export const lineView = (row: ClientMoneyStatementLineRow): StatementLineView => ({
  id: row.id,
  lineNumber: row.lineNumber,
  date: row.lineDate,
  time: row.lineTime,
  description: row.description,
  reference: row.reference,
  amountKsh: row.amountKsh,
  balanceKsh: row.balanceKsh,
  otherParty: row.otherParty,
  entryId: row.entryId,
  matchedBy: row.matchedBy,
  matchReason: row.matchReason,
});
