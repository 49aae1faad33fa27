import { TIME_TEXTS as T, type Expense, type ExpenseInput } from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { expenses, type ExpenseRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  discardFile,
  keepFile,
  removeDocumentFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { auditExpense } from './time-audit';
import { seesEveryone } from './time-entries.service';
import { nowOf, type TimeDeps } from './time-deps';
import { findCase, findExpense, listExpenses as listExpenseRows } from './time.repository';

/**
 * Expenses (disbursements, ADR 050): recorded with their receipt, received and checked as case
 * documents are (lib/file-storage.ts: streamed, size-limited, type by its bytes, a server-chosen
 * name). Locked once on a fee note, like time.
 */

/**
 * Receipts live beside the documents and attachments, in DOCUMENTS_DIR itself: the backup takes
 * that folder's server-named files (ADR 039) and the stored-files sweep keeps those a row names
 * (retention.repository.ts), so a receipt in a folder of its own was neither backed up nor swept.
 */
export const receiptsDir = (deps: Pick<TimeDeps, 'documentsDir'>) => deps.documentsDir;

const expenseNotFound = () => AppError.notFound(T.expenseNotFound);

export async function listExpenses(
  deps: TimeDeps,
  user: UserRow,
  query: { caseId?: string },
): Promise<{ expenses: Expense[] }> {
  assertCan(user, 'time:record');
  const userId = seesEveryone(user) ? undefined : user.id;
  return { expenses: await listExpenseRows(deps.db, { caseId: query.caseId, userId }) };
}

async function assertCase(db: Executor, caseId: string) {
  if (!(await findCase(db, caseId))) {
    throw AppError.badRequest(T.caseNotFound, { caseId: T.caseNotFound });
  }
}

const columnsOf = (input: ExpenseInput) => ({
  caseId: input.caseId,
  spentOn: input.date,
  kind: input.kind,
  amountKsh: input.amountKsh,
  payee: input.payee,
  paidFrom: input.paidFrom,
});

/** Records the expense; its receipt is kept only if the row is committed. */
export async function createExpense(
  deps: TimeDeps,
  user: UserRow,
  input: ExpenseInput,
  receipt: { file: ReceivedFile; name: string },
  meta: RequestMeta,
): Promise<Expense> {
  assertCan(user, 'time:record');
  try {
    const id = await deps.db.transaction(async (tx) => {
      await assertCase(tx, input.caseId);
      const [row] = await tx
        .insert(expenses)
        .values({
          ...columnsOf(input),
          userId: user.id,
          receiptName: receipt.name,
          receiptPath: receipt.file.id,
          receiptMime: receipt.file.mimeType,
          receiptBytes: receipt.file.size,
        })
        .returning();
      await auditExpense(tx, user, 'expense.created', row!, meta);
      await keepFile(receipt.file);
      return row!.id;
    });
    return (await findExpense(deps.db, id))!;
  } catch (error) {
    await discardFile(receipt.file);
    throw error;
  }
}

async function lockChangeable(tx: Executor, user: UserRow, id: string): Promise<ExpenseRow> {
  const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!row || (row.userId !== user.id && !seesEveryone(user))) throw expenseNotFound();
  if (row.billedAt) throw AppError.conflict(T.billedLocked, 'CONFLICT');
  if (row.feeNoteId) throw AppError.conflict(T.draftedLocked, 'CONFLICT');
  return row;
}

export async function updateExpense(
  deps: TimeDeps,
  user: UserRow,
  id: string,
  input: ExpenseInput,
  meta: RequestMeta,
): Promise<Expense> {
  assertCan(user, 'time:record');
  await deps.db.transaction(async (tx) => {
    await lockChangeable(tx, user, id);
    await assertCase(tx, input.caseId);
    const [saved] = await tx
      .update(expenses)
      .set({ ...columnsOf(input), updatedAt: nowOf(deps) })
      .where(eq(expenses.id, id))
      .returning();
    await auditExpense(tx, user, 'expense.updated', saved!, meta);
  });
  return (await findExpense(deps.db, id))!;
}

export async function deleteExpense(
  deps: TimeDeps,
  user: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(user, 'time:record');
  const receipt = await deps.db.transaction(async (tx) => {
    const row = await lockChangeable(tx, user, id);
    await tx.delete(expenses).where(eq(expenses.id, id));
    await auditExpense(tx, user, 'expense.deleted', row, meta);
    return row.receiptPath;
  });
  if (receipt) await removeDocumentFile(receiptsDir(deps), receipt);
}
