import { EXPENSE_TEXTS as T } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { expenses, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { StoredFile } from '../../lib/file-storage';
import { seesEveryone } from './time-entries.service';
import type { TimeDeps } from './time-deps';

/**
 * An expense's receipt, for those who may see the expense (ADR 050): the person who recorded it,
 * or those who see everyone's (time:manage). Anyone else, like an expense without a receipt,
 * gets 404, so a receipt's existence is not told to those who may not open it.
 */
export async function receiptForDownload(
  deps: TimeDeps,
  user: UserRow,
  id: string,
): Promise<StoredFile> {
  assertCan(user, 'time:record');
  const [row] = await deps.db.select().from(expenses).where(eq(expenses.id, id));
  const mayOpen = row && (row.userId === user.id || seesEveryone(user));
  if (!mayOpen || !row.receiptPath || !row.receiptName || !row.receiptMime) {
    throw AppError.notFound(T.receiptNotFound);
  }
  return {
    id: row.receiptPath,
    name: row.receiptName,
    mimeType: row.receiptMime,
    sizeBytes: row.receiptBytes ?? 0,
  };
}
