import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { expenses, timeEntries } from '../../db/schema';

/**
 * What billing's issue and cancel transactions do to the time and expenses drafted onto a fee
 * note (ADR 050): issued, they are billed and locked; cancelled, they are unbilled again and may
 * be billed afresh (their write-downs go with the cancelled note).
 */

export async function markWorkBilled(tx: Executor, feeNoteId: string, now: Date): Promise<void> {
  await tx.update(timeEntries).set({ billedAt: now }).where(eq(timeEntries.feeNoteId, feeNoteId));
  await tx.update(expenses).set({ billedAt: now }).where(eq(expenses.feeNoteId, feeNoteId));
}

export async function markWorkUnbilled(tx: Executor, feeNoteId: string): Promise<void> {
  await tx
    .update(timeEntries)
    .set({ feeNoteId: null, billedAt: null, billedKsh: null, writeDownReason: null })
    .where(eq(timeEntries.feeNoteId, feeNoteId));
  await tx
    .update(expenses)
    .set({ feeNoteId: null, billedAt: null })
    .where(eq(expenses.feeNoteId, feeNoteId));
}
