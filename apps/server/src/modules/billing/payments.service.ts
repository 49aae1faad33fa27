import {
  appointmentReference,
  BILLING_MESSAGES as M,
  SMS,
  billingNumber,
  can,
  formatKsh,
  formatNairobiDate,
  isPayableStatus,
  nairobiToday,
  paginationOf,
  seesAsClient,
  statusAfterPayment,
  type ListPaymentsQuery,
  type AppointmentStatus,
  type Payment,
  type PaymentRecordValues,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { PaymentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { notify } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repository';
import { nowOf, type BillingDeps } from './billing-deps';
import { paymentAsSeenBy } from './billing-view';
import { claimBillingNumber, lockFeeNote, updateFeeNoteRow } from './fee-notes.repository';
import {
  findPayment,
  insertPayment,
  listPaymentRows,
  lockAppointmentForPayment,
  markAppointmentPaid,
  paidOnAppointment,
  updatePaymentRow,
  type PaymentScope,
} from './payments.repository';

/**
 * Payments (ADR 035): recorded by hand by staff, or confirmed by Safaricom for an M-Pesa push
 * (mpesa.service.ts). Either way one function settles them: a receipt number claimed in the
 * transaction, the fee note's (or appointment's) paid figure and status moved with it, the client
 * told with the receipt.
 */

export const paymentNotFound = () => AppError.notFound(M.paymentNotFound, 'NOT_FOUND');

export const paymentScopeOf = (user: UserRow): PaymentScope =>
  seesAsClient(user) ? { clientId: user.id } : {};

/** What a payment is for, locked, with what is still owed on it. */
export interface PaymentTarget {
  kind: 'fee_note' | 'appointment';
  id: string;
  clientId: string | null;
  /** The fee note's number or the appointment's title, as a receipt names it. */
  label: string;
  /** The fee note's number or the booking's reference (APT-…): what a paybill payment quotes. */
  reference: string;
  balanceKsh: number;
  /** An appointment's: its status, and the phone it was booked with (a visitor's pays there). */
  appointmentStatus?: AppointmentStatus;
  bookedPhone?: string | null;
  bookedEmail?: string | null;
}

/**
 * Locks what `target` names and says what is owed on it; 404 when a client may not know of it,
 * 409 when it can no longer be paid.
 */
export async function lockPaymentTarget(
  tx: Executor,
  target: { feeNoteId?: string | undefined; appointmentId?: string | undefined },
  scope: PaymentScope,
): Promise<PaymentTarget> {
  if (target.feeNoteId) {
    const note = await lockFeeNote(tx, target.feeNoteId);
    if (
      !note ||
      (scope.clientId && (note.clientId !== scope.clientId || note.status === 'draft'))
    ) {
      throw AppError.notFound(M.feeNoteNotFound, 'NOT_FOUND');
    }
    if (!isPayableStatus(note.status)) throw AppError.conflict(M.notPayable);
    return {
      kind: 'fee_note',
      id: note.id,
      clientId: note.clientId,
      label: `fee note ${note.number}`,
      reference: note.number!,
      balanceKsh: note.totalKsh - note.paidKsh,
    };
  }
  const appointment = await lockAppointmentForPayment(tx, target.appointmentId!);
  if (!appointment || (scope.clientId && appointment.clientId !== scope.clientId)) {
    throw AppError.notFound('Appointment not found', 'NOT_FOUND');
  }
  if (appointment.status === 'cancelled' || appointment.paymentStatus === 'paid') {
    throw AppError.conflict(M.notPayable);
  }
  const paid = await paidOnAppointment(tx, appointment.id);
  const balanceKsh = appointment.feeKsh - paid;
  if (balanceKsh <= 0) throw AppError.conflict(M.nothingOwed);
  return {
    kind: 'appointment',
    id: appointment.id,
    clientId: appointment.clientId,
    label: appointment.title,
    reference: appointmentReference(appointment.id),
    balanceKsh,
    appointmentStatus: appointment.status,
    bookedPhone: appointment.clientPhone,
    bookedEmail: appointment.clientEmail,
  };
}

/**
 * Marks `payment` succeeded in `tx` (its target already locked): the next RC number, the fee
 * note's paid figure and status (or the appointment's paid status once its fee is covered), and
 * the client's bell, email and text with the receipt.
 */
export async function settlePayment(
  tx: Executor,
  payment: PaymentRow,
  target: PaymentTarget,
  receivedAt: Date,
  extra: Partial<PaymentRow> = {},
): Promise<PaymentRow & { stillOwedKsh: number }> {
  const year = Number(nairobiToday(receivedAt).slice(0, 4));
  const receiptNumber = billingNumber('RC', year, await claimBillingNumber(tx, 'RC', year));
  const settled = await updatePaymentRow(tx, payment.id, {
    ...extra,
    status: 'succeeded',
    receiptNumber,
    receivedAt,
    nextQueryAt: null,
  });
  // What remains owed on the target once this payment is in: a part payment says so everywhere
  // it is announced (bell, email, text, the recorder's toast), never "paid".
  let stillOwedKsh = Math.max(0, target.balanceKsh - settled.amountKsh);
  if (target.kind === 'fee_note') {
    const note = await lockFeeNote(tx, target.id);
    const paidKsh = note!.paidKsh + settled.amountKsh;
    stillOwedKsh = Math.max(0, note!.totalKsh - paidKsh);
    await updateFeeNoteRow(tx, target.id, {
      paidKsh,
      status: statusAfterPayment(note!.totalKsh, paidKsh),
    });
  } else if (settled.amountKsh >= target.balanceKsh) {
    await markAppointmentPaid(tx, target.id, settled);
  }
  // Every money movement is in the audit log. A payment staff record is audited there, with
  // who recorded it; one M-Pesa confirms (an STK push, settled by Safaricom's own query) has no
  // one signed in behind it, so it is audited here, in the transaction that settles it.
  if (settled.checkoutRequestId) {
    await writeAudit(tx, {
      actorId: null,
      action: 'payment.received',
      targetUserId: target.clientId,
      details: {
        paymentId: settled.id,
        receiptNumber,
        mpesaReceiptNumber: settled.mpesaReceiptNumber,
        amountKsh: settled.amountKsh,
        method: settled.method,
        label: target.label,
        [target.kind === 'fee_note' ? 'feeNoteId' : 'appointmentId']: target.id,
      },
    });
  }
  const stillOwed = stillOwedKsh > 0 ? formatKsh(stillOwedKsh) : null;
  const client = target.clientId ? await findUserById(tx, target.clientId) : undefined;
  if (client) {
    const amount = formatKsh(settled.amountKsh);
    await notify(tx, [client], {
      kind: 'payment_received',
      type: 'success',
      title: M.receiptNoticeTitle(receiptNumber),
      message: M.receiptNotice(amount, target.label, receiptNumber, stillOwed),
      actionUrl: target.kind === 'fee_note' ? `/billing/${target.id}` : '/appointments',
      subject: { type: 'payment', id: settled.id },
      sms: {
        kind: 'billing',
        deliveryKind: 'payment_receipt',
        text: SMS.paymentReceived(
          amount,
          target.label,
          formatNairobiDate(receivedAt),
          settled.mpesaReceiptNumber ?? receiptNumber,
          stillOwed,
        ),
      },
      maySee: (person) => can(person, 'fee-notes:view', { clientId: client.id }),
    });
  }
  return { ...settled, stillOwedKsh };
}

/** POST /api/payments: money received outside the portal, recorded by staff. */
export async function recordPayment(
  deps: BillingDeps,
  user: UserRow,
  input: PaymentRecordValues,
  meta: RequestMeta,
): Promise<{ payment: Payment; stillOwedKsh: number }> {
  assertCan(user, 'payments:record');
  const now = nowOf(deps);
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : now;
  if (receivedAt.getTime() > now.getTime() + 60_000) {
    throw AppError.badRequest(M.receivedAtInvalid, { receivedAt: M.receivedAtInvalid });
  }
  const settled = await deps.db.transaction(async (tx) => {
    const target = await lockPaymentTarget(tx, input, {});
    if (input.amountKsh > target.balanceKsh) {
      const message = M.amountOverBalance(formatKsh(target.balanceKsh));
      throw AppError.badRequest(message, { amountKsh: message });
    }
    const pending = await insertPayment(tx, {
      clientId: target.clientId,
      feeNoteId: target.kind === 'fee_note' ? target.id : null,
      appointmentId: target.kind === 'appointment' ? target.id : null,
      amountKsh: input.amountKsh,
      method: input.method,
      source: 'manual',
      status: 'pending',
      reference: input.reference ?? null,
      recordedById: user.id,
    });
    const settled = await settlePayment(tx, pending, target, receivedAt);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'payment.recorded',
      targetUserId: target.clientId,
      ip: meta.ip,
      details: {
        paymentId: settled.id,
        receiptNumber: settled.receiptNumber,
        amountKsh: settled.amountKsh,
        label: target.label,
        method: settled.method,
        [target.kind === 'fee_note' ? 'feeNoteId' : 'appointmentId']: target.id,
      },
    });
    return { id: settled.id, stillOwedKsh: settled.stillOwedKsh };
  });
  return {
    payment: await readPayment(deps, user, settled.id),
    stillOwedKsh: settled.stillOwedKsh,
  };
}

/** GET /api/payments/{id}: a client's own, or any for staff. */
export async function readPayment(deps: BillingDeps, user: UserRow, id: string): Promise<Payment> {
  const row = await findPayment(deps.db, id, paymentScopeOf(user));
  if (!row) throw paymentNotFound();
  return paymentAsSeenBy(user, row);
}

/** GET /api/payments */
export async function listPayments(deps: BillingDeps, user: UserRow, query: ListPaymentsQuery) {
  const { rows, total, sums } = await listPaymentRows(deps.db, query, paymentScopeOf(user));
  return {
    payments: rows.map((row) => paymentAsSeenBy(user, row)),
    pagination: paginationOf(query, total),
    total,
    sums,
  };
}

/** Whose a payment is and whether it has a receipt yet, for the receipt's PDF. */
export async function paymentForReceipt(deps: BillingDeps, user: UserRow, id: string) {
  const row = await findPayment(deps.db, id, paymentScopeOf(user));
  if (!row || row.payment.status !== 'succeeded') throw paymentNotFound();
  return row;
}
