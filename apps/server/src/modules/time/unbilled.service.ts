import {
  EXPENSE_KIND_LABELS,
  TIME_TEXTS as T,
  addDays,
  dueDateProblem,
  type BillUnbilledValues,
  type Expense,
  type FeeNoteLineInput,
  type FeeNoteSaved,
  type TimeEntry,
  type Unbilled,
} from '@firm/shared';
import { eq, inArray } from 'drizzle-orm';
import { expenses, timeEntries, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { draftFeeNoteIn, readFeeNote } from '../billing/fee-notes.service';
import { todayOf } from './time-entries.service';
import type { TimeDeps } from './time-deps';
import {
  fixedFeeCaseIds,
  listEntries,
  listExpenses,
  lockEntries,
  lockExpenses,
  namesOf,
} from './time.repository';

/**
 * Unbilled work and "Bill this" (ADR 050): billable time and firm-paid expenses on no fee note.
 * Time on a fixed-fee case is the firm's own view, never billed line by line.
 */

type Totals = Unbilled['totals'];
const emptyTotals = (): Totals => ({ minutes: 0, valueKsh: 0, expensesKsh: 0, oldestDate: null });
const older = (a: string | null, b: string) => (a === null || b < a ? b : a);

export async function listUnbilled(
  deps: TimeDeps,
  user: UserRow,
  query: { caseId?: string; clientId?: string },
): Promise<Unbilled> {
  assertCan(user, 'time:manage');
  const filters = { caseId: query.caseId, clientId: query.clientId, unbilledOnly: true };
  const fixedFee = await fixedFeeCaseIds(deps.db);
  const entries = (await listEntries(deps.db, filters, 5000)).filter(
    (entry) => entry.billable && !fixedFee.has(entry.caseId),
  );
  const spent = await listExpenses(deps.db, filters, 5000);
  const totals = emptyTotals();
  const byCase = new Map<string, Unbilled['cases'][number]>();
  const caseOf = (item: TimeEntry | Expense) => {
    let row = byCase.get(item.caseId);
    if (!row) {
      row = {
        ...emptyTotals(),
        caseId: item.caseId,
        caseNumber: item.caseNumber,
        clientId: item.clientId,
        clientName: '',
      };
      byCase.set(item.caseId, row);
    }
    return row;
  };
  for (const entry of entries) {
    for (const sums of [totals, caseOf(entry)]) {
      sums.minutes += entry.minutes;
      sums.valueKsh += entry.valueKsh;
      sums.oldestDate = older(sums.oldestDate, entry.date);
    }
  }
  for (const expense of spent) {
    for (const sums of [totals, caseOf(expense)]) {
      sums.expensesKsh += expense.amountKsh;
      sums.oldestDate = older(sums.oldestDate, expense.date);
    }
  }
  const names = await namesOf(deps.db, [
    ...new Set([...byCase.values()].map((row) => row.clientId)),
  ]);
  const cases = [...byCase.values()].map((row) => ({
    ...row,
    clientName: names.get(row.clientId) ?? '',
  }));
  // Oldest unbilled work first: what has waited longest is billed first.
  cases.sort((a, b) => (a.oldestDate ?? '').localeCompare(b.oldestDate ?? ''));
  return { totals, cases, entries, expenses: spent };
}

/** The first working day at least 14 days away: a draft's due date when none is given. */
function defaultDueDate(today: string): string {
  let day = addDays(today, 14);
  while (dueDateProblem(day, isKenyanPublicHoliday)) day = addDays(day, 1);
  return day;
}

const hours = (minutes: number) => `${(minutes / 60).toFixed(1)} h`;
const capitalised = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

export async function billUnbilled(
  deps: TimeDeps,
  user: UserRow,
  input: BillUnbilledValues,
  meta: RequestMeta,
): Promise<FeeNoteSaved> {
  assertCan(user, 'time:manage');
  assertCan(user, 'fee-notes:manage');
  if (input.entryIds.length + input.expenseIds.length === 0) {
    throw AppError.badRequest(T.entriesRequired, { entryIds: T.entriesRequired });
  }
  const entryIds = [...new Set(input.entryIds)];
  const expenseIds = [...new Set(input.expenseIds)];
  const id = await deps.db.transaction(async (tx) => {
    const entries = await lockEntries(tx, entryIds);
    const spent = await lockExpenses(tx, expenseIds);
    const notUnbilled =
      entries.length !== entryIds.length ||
      spent.length !== expenseIds.length ||
      entries.some(({ entry }) => entry.feeNoteId || !entry.billable) ||
      spent.some(({ expense }) => expense.feeNoteId || expense.paidFrom !== 'firm');
    if (notUnbilled) throw AppError.conflict(T.entriesNotUnbilled, 'CONFLICT');
    if (entries.some(({ kind }) => kind === 'fixed' || kind === 'stages')) {
      throw AppError.conflict(T.fixedFeeNotLineByLine, 'CONFLICT');
    }
    const clients = new Set([...entries, ...spent].map((row) => row.clientId));
    if (clients.size !== 1)
      throw AppError.badRequest(T.oneClientOnly, { entryIds: T.oneClientOnly });
    const caseIds = new Set([
      ...entries.map(({ entry }) => entry.caseId),
      ...spent.map(({ expense }) => expense.caseId),
    ]);
    const writeDowns = new Map(input.writeDowns.map((each) => [each.entryId, each]));
    const billed = entries.map(({ entry }) => {
      const down = writeDowns.get(entry.id);
      if (down && down.billedKsh >= entry.valueKsh) {
        throw AppError.badRequest(T.writeDownTooLarge, { writeDowns: T.writeDownTooLarge });
      }
      return { entry, amountKsh: down ? down.billedKsh : entry.valueKsh, down };
    });
    const lines: FeeNoteLineInput[] = [];
    if (input.grouping === 'entry') {
      for (const { entry, amountKsh } of billed) {
        lines.push({
          kind: 'fee',
          description:
            `${entry.workedOn} ${capitalised(entry.activity)}, ${hours(entry.minutes)}: ${entry.narrative}`.slice(
              0,
              500,
            ),
          quantity: 1,
          unitPriceKsh: amountKsh,
        });
      }
    } else {
      const byActivity = new Map<string, { minutes: number; amountKsh: number }>();
      for (const { entry, amountKsh } of billed) {
        const sums = byActivity.get(entry.activity) ?? { minutes: 0, amountKsh: 0 };
        sums.minutes += entry.minutes;
        sums.amountKsh += amountKsh;
        byActivity.set(entry.activity, sums);
      }
      for (const [activity, sums] of byActivity) {
        lines.push({
          kind: 'fee',
          description: `${capitalised(activity)}, ${hours(sums.minutes)}`,
          quantity: 1,
          unitPriceKsh: sums.amountKsh,
        });
      }
    }
    for (const { expense } of spent) {
      lines.push({
        kind: 'disbursement',
        description:
          `${expense.spentOn} ${EXPENSE_KIND_LABELS[expense.kind]}: ${expense.payee}`.slice(0, 500),
        quantity: 1,
        unitPriceKsh: expense.amountKsh,
      });
    }
    const feeNoteId = await draftFeeNoteIn(
      deps.billing,
      tx,
      user,
      {
        clientId: [...clients][0]!,
        caseId: caseIds.size === 1 ? [...caseIds][0]! : undefined,
        dueDate: input.dueDate ?? defaultDueDate(todayOf(deps)),
        lines,
      },
      meta,
      {
        fromUnbilled: true,
        entries: entries.length,
        expenses: spent.length,
        writtenDownKsh: billed.reduce((sum, each) => sum + each.entry.valueKsh - each.amountKsh, 0),
        writeDownReason:
          [...new Set(billed.flatMap(({ down }) => (down ? [down.reason] : [])))].join('; ') ||
          undefined,
      },
    );
    for (const { entry, down } of billed) {
      await tx
        .update(timeEntries)
        .set({
          feeNoteId,
          billedKsh: down ? down.billedKsh : null,
          writeDownReason: down ? down.reason : null,
        })
        .where(eq(timeEntries.id, entry.id));
    }
    if (expenseIds.length > 0) {
      await tx.update(expenses).set({ feeNoteId }).where(inArray(expenses.id, expenseIds));
    }
    return feeNoteId;
  });
  return {
    success: true,
    message: T.feeNoteDrafted,
    feeNote: await readFeeNote(deps.billing, user, id),
  };
}
