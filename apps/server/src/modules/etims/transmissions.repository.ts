import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
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

/** KRA has these: the transmissions after them may go. */
const DONE = ['sent', 'kra_has_it'] as const;

/** The branch's lowest transmission KRA does not have yet: KRA numbers receipts in this order. */
export async function lowestUnsent(
  tx: Executor,
  branchId: string,
): Promise<EtimsTransmissionRow | null> {
  const [row] = await tx
    .select()
    .from(etimsTransmissions)
    .where(
      and(
        eq(etimsTransmissions.branchId, branchId),
        notInArray(etimsTransmissions.state, [...DONE]),
      ),
    )
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
        // A refused or failed one waits for Retry, and holds those after it.
        inArray(etimsTransmissions.state, ['awaiting', 'sending']),
        sql`${etimsTransmissions.nextAttemptAt} <= ${now.toISOString()}`,
      ),
    );
  return rows.map((row) => row.branchId);
}

/**
 * The sales whose client email is owed at `now` (ADR 049): KRA has answered and the signed one
 * has not gone, or 24 hours have passed and neither has.
 */
export async function dueClientEmails(db: Executor, now: Date): Promise<EtimsTransmissionRow[]> {
  return db
    .select()
    .from(etimsTransmissions)
    .where(
      and(
        sql`${etimsTransmissions.clientEmailDueAt} is not null`,
        sql`${etimsTransmissions.signedEmailedAt} is null`,
        sql`(${etimsTransmissions.state} in ('sent', 'kra_has_it') or (${etimsTransmissions.clientEmailDueAt} <= ${now.toISOString()} and ${etimsTransmissions.provisionalEmailedAt} is null))`,
      ),
    )
    .orderBy(asc(etimsTransmissions.invcNo));
}

/**
 * Claims one of a sale's client emails (ADR 049): the column set only if it was not, so two
 * processes (the sender and the sweep) write the email once. Returns the row if this one claimed.
 */
export async function claimClientEmail(
  tx: Executor,
  id: string,
  copy: 'signed' | 'provisional',
  now: Date,
): Promise<EtimsTransmissionRow | null> {
  const column =
    copy === 'signed'
      ? etimsTransmissions.signedEmailedAt
      : etimsTransmissions.provisionalEmailedAt;
  const [row] = await tx
    .update(etimsTransmissions)
    .set(copy === 'signed' ? { signedEmailedAt: now } : { provisionalEmailedAt: now })
    .where(
      and(
        eq(etimsTransmissions.id, id),
        sql`${etimsTransmissions.clientEmailDueAt} is not null`,
        sql`${column} is null`,
        sql`${etimsTransmissions.signedEmailedAt} is null`,
        copy === 'signed'
          ? inArray(etimsTransmissions.state, [...DONE])
          : sql`${etimsTransmissions.clientEmailDueAt} <= ${now.toISOString()} and ${etimsTransmissions.state} not in ('sent', 'kra_has_it')`,
      ),
    )
    .returning();
  return row ?? null;
}

/** What did not reach KRA (System Settings): refused or failed, lowest `invcNo` first. */
export async function problemTransmissions(db: Executor): Promise<EtimsTransmissionRow[]> {
  return db
    .select()
    .from(etimsTransmissions)
    .where(inArray(etimsTransmissions.state, ['refused', 'failed']))
    .orderBy(asc(etimsTransmissions.branchId), asc(etimsTransmissions.invcNo));
}
