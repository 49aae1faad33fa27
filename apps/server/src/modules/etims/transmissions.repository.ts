import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { etimsDevices, etimsTransmissions } from '../../db/schema';
import type { EtimsDeviceRow } from './etims.repository';

export type EtimsTransmissionRow = typeof etimsTransmissions.$inferSelect;

/**
 * The branch's next `invcNo`, claimed under the device row's lock (the row is made by the first
 * claim): the counter moves only with the transaction that uses it, so the sequence has no gap.
 */
export async function claimInvcNo(
  tx: Executor,
  branch: { branchId: string; deviceSerial: string },
): Promise<number> {
  const [row] = await tx
    .insert(etimsDevices)
    .values({ branchId: branch.branchId, deviceSerial: branch.deviceSerial, lastInvcNo: 1 })
    .onConflictDoUpdate({
      target: etimsDevices.branchId,
      set: { lastInvcNo: sql`${etimsDevices.lastInvcNo} + 1` },
    })
    .returning({ lastInvcNo: etimsDevices.lastInvcNo });
  return row!.lastInvcNo;
}

export async function insertTransmission(
  tx: Executor,
  values: typeof etimsTransmissions.$inferInsert,
): Promise<void> {
  await tx.insert(etimsTransmissions).values(values);
}

export async function findTransmission(
  db: Executor,
  feeNoteId: string,
  kind: 'sale' | 'credit',
): Promise<EtimsTransmissionRow | null> {
  const [row] = await db
    .select()
    .from(etimsTransmissions)
    .where(and(eq(etimsTransmissions.feeNoteId, feeNoteId), eq(etimsTransmissions.kind, kind)));
  return row ?? null;
}

export async function transmissionsOf(
  db: Executor,
  feeNoteId: string,
): Promise<EtimsTransmissionRow[]> {
  return db
    .select()
    .from(etimsTransmissions)
    .where(eq(etimsTransmissions.feeNoteId, feeNoteId))
    .orderBy(asc(etimsTransmissions.invcNo));
}

/**
 * The branch's device, locked, waiting for another process's claim to end (a claim is one short
 * transaction, never a call to KRA). Not SKIP LOCKED: a sender that has just recorded KRA's
 * answer and found the row taken by a claim that still saw that transmission `sending` would
 * stop, and so would the other, leaving the rest of the backlog for the next minute's sweep.
 */
export async function lockDevice(tx: Executor, branchId: string): Promise<EtimsDeviceRow | null> {
  const [row] = await tx
    .select()
    .from(etimsDevices)
    .where(eq(etimsDevices.branchId, branchId))
    .for('update');
  return row ?? null;
}

/** The branch's lowest transmission not yet sent: KRA numbers receipts in this order. */
export async function lowestUnsent(
  tx: Executor,
  branchId: string,
): Promise<EtimsTransmissionRow | null> {
  const [row] = await tx
    .select()
    .from(etimsTransmissions)
    .where(and(eq(etimsTransmissions.branchId, branchId), ne(etimsTransmissions.state, 'sent')))
    .orderBy(asc(etimsTransmissions.invcNo))
    .limit(1);
  return row ?? null;
}

export async function updateTransmission(
  tx: Executor,
  id: string,
  values: Partial<typeof etimsTransmissions.$inferInsert>,
): Promise<EtimsTransmissionRow> {
  const [row] = await tx
    .update(etimsTransmissions)
    .set(values)
    .where(eq(etimsTransmissions.id, id))
    .returning();
  return row!;
}

/** The branches with something due to send at `now`, for the sweep. */
export async function branchesWithDueTransmissions(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ branchId: etimsTransmissions.branchId })
    .from(etimsTransmissions)
    .where(
      and(
        ne(etimsTransmissions.state, 'sent'),
        ne(etimsTransmissions.state, 'refused'),
        sql`${etimsTransmissions.nextAttemptAt} <= ${now.toISOString()}`,
      ),
    );
  return rows.map((row) => row.branchId);
}
