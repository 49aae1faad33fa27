import { nairobiDays, type PaymentMethod, type PaymentState } from '@firm/shared';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, offsetOf } from '../../db/list-queries';
import {
  appointments,
  clientMoneyMpesaDeposits,
  feeNotes,
  payments,
  users,
  type PaymentRow,
} from '../../db/schema';

/** Payments (ADR 035): by hand or M-Pesa, each settling one fee note or one appointment's fee. */

const payer = aliasedTable(users, 'payer');
const recorder = aliasedTable(users, 'recorder');

const selection = {
  payment: payments,
  feeNoteNumber: feeNotes.number,
  appointmentTitle: appointments.title,
  appointmentStartsAt: appointments.startsAt,
  appointmentClientName: sql<
    string | null
  >`${appointments.clientFirstName} || ' ' || ${appointments.clientLastName}`,
  payerName: sql<string | null>`${payer.firstName} || ' ' || ${payer.lastName}`,
  recorderName: sql<string | null>`${recorder.firstName} || ' ' || ${recorder.lastName}`,
};

export type PaymentWithRefs = {
  payment: PaymentRow;
  feeNoteNumber: string | null;
  appointmentTitle: string | null;
  appointmentStartsAt: Date | null;
  appointmentClientName: string | null;
  payerName: string | null;
  recorderName: string | null;
};

const withRefs = (db: Executor) =>
  db
    .select(selection)
    .from(payments)
    .leftJoin(feeNotes, eq(feeNotes.id, payments.feeNoteId))
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(payer, eq(payer.id, payments.clientId))
    .leftJoin(recorder, eq(recorder.id, payments.recordedById));

/** A client's own payments only (the scope is part of the query: another's is not found). */
export interface PaymentScope {
  clientId?: string;
}

const scopeWhere = (scope: PaymentScope): SQL[] =>
  scope.clientId ? [eq(payments.clientId, scope.clientId)] : [];

export async function findPayment(
  db: Executor,
  id: string,
  scope: PaymentScope,
): Promise<PaymentWithRefs | undefined> {
  const [row] = await withRefs(db)
    .where(and(eq(payments.id, id), ...scopeWhere(scope)))
    .limit(1);
  return row;
}

export async function paymentsOfFeeNote(db: Executor, feeNoteId: string) {
  return withRefs(db)
    .where(eq(payments.feeNoteId, feeNoteId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function insertPayment(
  tx: Executor,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function updatePaymentRow(
  tx: Executor,
  id: string,
  changes: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** The push with this CheckoutRequestID, locked until `tx` ends (callbacks may race). */
export async function lockPaymentByCheckout(
  tx: Executor,
  checkoutRequestId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutRequestId, checkoutRequestId))
    .for('update')
    .limit(1);
  return row;
}

export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row;
}

/** Whether Safaricom's receipt number is already on a payment (a receipt counts once). */
export async function mpesaReceiptTaken(tx: Executor, receipt: string): Promise<boolean> {
  // One M-Pesa code pays one thing: a fee note's payment or a client's deposit (ADR 045).
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.mpesaReceiptNumber, receipt))
    .unionAll(
      tx
        .select({ id: clientMoneyMpesaDeposits.id })
        .from(clientMoneyMpesaDeposits)
        .where(eq(clientMoneyMpesaDeposits.mpesaReceiptNumber, receipt)),
    )
    .limit(1);
  return row !== undefined;
}

/** Pending pushes whose next query is due (a callback may never come). */
export async function duePendingPushes(db: Executor, now: Date, limit: number) {
  return (
    db
      .select({ id: payments.id, checkoutRequestId: payments.checkoutRequestId })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lte(payments.nextQueryAt, now)))
      // The longest-waiting first: each query moves its push's time on, whatever the answer, so
      // pushes Daraja will not answer cannot hold the front of the batch (ADR 034).
      .orderBy(asc(payments.nextQueryAt), asc(payments.createdAt), asc(payments.id))
      .limit(limit)
  );
}

/** The latest succeeded payment on an appointment's fee (a visitor's receipt from their page). */
export async function latestPaidOnAppointment(
  db: Executor,
  appointmentId: string,
): Promise<PaymentWithRefs | undefined> {
  const [row] = await withRefs(db)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.receivedAt), desc(payments.id))
    .limit(1);
  return row;
}

/** Succeeded payments on an appointment's fee, in shillings. */
export async function paidOnAppointment(tx: Executor, appointmentId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${payments.amountKsh}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')));
  return row?.paid ?? 0;
}

export interface PaymentFilters {
  clientId?: string | undefined;
  feeNoteId?: string | undefined;
  status?: PaymentState | undefined;
  method?: PaymentMethod | undefined;
  /** Received from / to these Nairobi days (only a succeeded payment has been received). */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  limit: number;
}

/**
 * The WHERE clause of the payments list: the Reports count with it, so a figure and the list it
 * links to are the same payments by construction.
 */
export function paymentListConditions(
  filters: Omit<PaymentFilters, 'page' | 'limit'>,
  scope: PaymentScope,
): SQL | undefined {
  const received = nairobiDays(filters.from, filters.to);
  return and(
    ...scopeWhere(scope),
    ...(filters.clientId ? [eq(payments.clientId, filters.clientId)] : []),
    ...(filters.feeNoteId ? [eq(payments.feeNoteId, filters.feeNoteId)] : []),
    ...(filters.status ? [eq(payments.status, filters.status)] : []),
    ...(filters.method ? [eq(payments.method, filters.method)] : []),
    ...(received.from ? [gte(payments.receivedAt, received.from)] : []),
    ...(received.to ? [lt(payments.receivedAt, received.to)] : []),
  );
}

export async function listPaymentRows(db: Executor, filters: PaymentFilters, scope: PaymentScope) {
  const where = paymentListConditions(filters, scope);
  const newestFirst = [desc(payments.createdAt), desc(payments.id)];
  // The page's ids first, then only those rows joined (as fee-notes.repository's list: an OFFSET
  // on the joined query runs the joins for every row it skips).
  const pageIds = db
    .select({ id: payments.id })
    .from(payments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(filters.limit)
    .offset(offsetOf(filters));
  const [rows, [counted]] = await Promise.all([
    withRefs(db)
      .where(inArray(payments.id, pageIds))
      .orderBy(...newestFirst),
    db
      .select({
        total: countAll(),
        // Money received: a pending or failed push brought nothing in.
        receivedKsh:
          sql<number>`coalesce(sum(${payments.amountKsh}) filter (where ${payments.status} = 'succeeded'), 0)`.mapWith(
            Number,
          ),
      })
      .from(payments)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0, sums: { receivedKsh: counted?.receivedKsh ?? 0 } };
}

/** The appointment a payment settles, locked until `tx` ends (its paid status follows the sum). */
export async function lockAppointmentForPayment(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function markAppointmentPaid(
  tx: Executor,
  id: string,
  payment: Pick<PaymentRow, 'method' | 'reference' | 'mpesaReceiptNumber' | 'receivedAt'>,
): Promise<void> {
  await tx
    .update(appointments)
    .set({
      paymentStatus: 'paid',
      paymentMethod: payment.method,
      paymentReference: payment.reference ?? payment.mpesaReceiptNumber,
      paidAt: payment.receivedAt,
      updatedAt: new Date(),
    })
    .where(eq(appointments.id, id));
}

/**
 * The appointment a visitor's emailed link names, while it lies ahead (the link stops working
 * once the appointment has started, as it does for viewing and moving it).
 */
export async function appointmentIdOfVisitorToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.visitorTokenHash, tokenHash), gt(appointments.startsAt, now)))
    .limit(1);
  return row?.id;
}

/** Whether a push on this fee note or appointment is still waiting, made after `since`. */
export async function pendingPushOn(
  tx: Executor,
  target: { kind: 'fee_note' | 'appointment'; id: string },
  since: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(target.kind === 'fee_note' ? payments.feeNoteId : payments.appointmentId, target.id),
        eq(payments.status, 'pending'),
        eq(payments.method, 'mpesa'),
        gte(payments.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The M-Pesa pushes already made on a fee note or an appointment (ADR 034, "How many prompts"):
 * how many since `since`, the phones they went to, and how many went to a phone other than
 * `ownPhone`. Read with the fee note or appointment locked, so two servers count the same rows.
 */
export async function pushesOn(
  tx: Executor,
  target: { kind: 'fee_note' | 'appointment'; id: string },
  since: Date,
  ownPhone: string | null,
) {
  const [row] = await tx
    .select({
      recent:
        sql<number>`count(*) filter (where ${payments.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      phones: sql<string[]>`coalesce(array_agg(distinct ${payments.phone}), '{}')`,
      toOthers:
        sql<number>`count(*) filter (where ${payments.phone} is distinct from ${ownPhone}::text)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(
      and(
        eq(target.kind === 'fee_note' ? payments.feeNoteId : payments.appointmentId, target.id),
        eq(payments.method, 'mpesa'),
      ),
    );
  return {
    recent: row?.recent ?? 0,
    phones: (row?.phones ?? []).filter((phone): phone is string => phone !== null),
    toOthers: row?.toOthers ?? 0,
  };
}
