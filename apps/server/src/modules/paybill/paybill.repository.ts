import { type AccountNumberReading } from '@firm/shared';
import { and, asc, desc, eq, inArray, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appointments,
  cases,
  feeNotes,
  paybillPayments,
  users,
  type PaybillPaymentRow,
} from '../../db/schema';
import type { C2bPayment } from '../../lib/daraja-c2b';

/** Paybill payments' queries (ADR 047); the states' rules are the services'. */

/**
 * Records Safaricom's confirmation once per M-Pesa receipt: a second copy (Safaricom retries, two
 * servers get it at once) inserts nothing. Answers the new row, or null when it was known.
 */
export async function insertOnce(
  tx: Executor,
  payment: C2bPayment,
  values: { paidAt: Date; nextCheckAt: Date },
): Promise<PaybillPaymentRow | null> {
  const [row] = await tx
    .insert(paybillPayments)
    .values({ ...payment, ...values })
    .onConflictDoNothing({ target: paybillPayments.transId })
    .returning();
  return row ?? null;
}

export async function lockPaybillPayment(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(paybillPayments)
    .where(eq(paybillPayments.id, id))
    .for('update');
  return row;
}

export async function findPaybillPayment(db: Executor, id: string) {
  const [row] = await db.select().from(paybillPayments).where(eq(paybillPayments.id, id));
  return row;
}

/** The payment a Transaction Status Result answers: the question's id and the receipt agree. */
export async function lockByStatusQuestion(
  tx: Executor,
  originatorConversationId: string,
): Promise<PaybillPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(paybillPayments)
    .where(eq(paybillPayments.statusConversationId, originatorConversationId))
    .for('update');
  return row;
}

export async function updatePaybillPayment(
  tx: Executor,
  id: string,
  values: Partial<PaybillPaymentRow>,
): Promise<PaybillPaymentRow> {
  const [row] = await tx
    .update(paybillPayments)
    .set(values)
    .where(eq(paybillPayments.id, id))
    .returning();
  return row!;
}

/**
 * Payments whose next step is due: a confirmed one to settle, and (when M-Pesa may be asked) a
 * question to ask again.
 */
export async function duePaybillPayments(
  db: Executor,
  now: Date,
  limit: number,
  withQuestions: boolean,
) {
  const questionDue = and(
    eq(paybillPayments.status, 'received'),
    isNotNull(paybillPayments.nextCheckAt),
    lte(paybillPayments.nextCheckAt, now),
  );
  const rows = await db
    .select({ id: paybillPayments.id })
    .from(paybillPayments)
    .where(
      withQuestions
        ? or(questionDue, eq(paybillPayments.status, 'confirmed'))
        : eq(paybillPayments.status, 'confirmed'),
    )
    .orderBy(asc(paybillPayments.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What waits for staff: unconfirmed, or confirmed with money no record took. Newest first. */
export async function listWaiting(db: Executor, limit: number) {
  return db
    .select()
    .from(paybillPayments)
    .where(
      or(
        inArray(paybillPayments.status, ['received', 'confirmed']),
        and(eq(paybillPayments.status, 'unallocated'), sql`${paybillPayments.unallocatedKsh} > 0`),
      ),
    )
    .orderBy(desc(paybillPayments.createdAt), desc(paybillPayments.id))
    .limit(limit);
}

export type NamedRecord =
  | { kind: 'fee_note'; id: string }
  | { kind: 'appointment'; id: string }
  | { kind: 'case'; id: string; clientId: string }
  | { kind: 'client'; id: string };

const padded = (sequence: number, digits: number) => String(sequence).padStart(digits, '0');

/**
 * Every record the readings of an account number name (readAccountNumber): fee notes and cases
 * by number, with or without a year, clients by their payment reference, and appointments by
 * their booking reference (named, so validation accepts them; staff allocate what they are paid).
 */
export async function recordsNamed(
  db: Executor,
  readings: readonly AccountNumberReading[],
): Promise<NamedRecord[]> {
  const found = new Map<string, NamedRecord>();
  for (const reading of readings) {
    if (reading.kind === 'fee_note') {
      const number =
        reading.year === null
          ? like(feeNotes.number, `FN/____/${padded(reading.sequence, 4)}`)
          : eq(feeNotes.number, `FN/${reading.year}/${padded(reading.sequence, 4)}`);
      const rows = await db.select({ id: feeNotes.id }).from(feeNotes).where(number);
      for (const row of rows) found.set(`fee_note:${row.id}`, { kind: 'fee_note', id: row.id });
    } else if (reading.kind === 'case') {
      const number =
        reading.year === null
          ? like(cases.caseNumber, `MWA/____/${padded(reading.sequence, 4)}`)
          : eq(cases.caseNumber, `MWA/${reading.year}/${padded(reading.sequence, 4)}`);
      const rows = await db
        .select({ id: cases.id, clientId: cases.clientId })
        .from(cases)
        .where(number);
      for (const row of rows) {
        found.set(`case:${row.id}`, { kind: 'case', id: row.id, clientId: row.clientId });
      }
    } else if (reading.kind === 'client') {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'client'), eq(users.paymentReference, reading.sequence)));
      for (const row of rows) found.set(`client:${row.id}`, { kind: 'client', id: row.id });
    } else {
      // APT-3F9A2C1D: the first eight hex digits of the appointment's id.
      const prefix = reading.reference.slice(4).toLowerCase();
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(like(sql`${appointments.id}::text`, `${prefix}%`));
      for (const row of rows) {
        found.set(`appointment:${row.id}`, { kind: 'appointment', id: row.id });
      }
    }
  }
  return [...found.values()];
}

/** A fee note's number, for the audit sentence. */
export async function feeNoteNumberOf(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ number: feeNotes.number })
    .from(feeNotes)
    .where(eq(feeNotes.id, id));
  return row?.number ?? null;
}

/** What is still owed on an issued fee note (0 for a draft, a paid or a cancelled one). */
export async function balanceOwedOn(db: Executor, feeNoteId: string): Promise<number> {
  const [row] = await db
    .select({ status: feeNotes.status, totalKsh: feeNotes.totalKsh, paidKsh: feeNotes.paidKsh })
    .from(feeNotes)
    .where(eq(feeNotes.id, feeNoteId));
  if (!row || (row.status !== 'issued' && row.status !== 'partly_paid')) return 0;
  return row.totalKsh - row.paidKsh;
}

export async function lockByTransId(tx: Executor, transId: string) {
  const [row] = await tx
    .select()
    .from(paybillPayments)
    .where(eq(paybillPayments.transId, transId))
    .for('update');
  return row;
}

export async function isClient(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'client')));
  return row !== undefined;
}

export async function caseIsClients(db: Executor, caseId: string, clientId: string) {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.clientId, clientId)));
  return row !== undefined;
}
