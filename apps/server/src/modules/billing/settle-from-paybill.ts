import { statusAfterPayment, type PaymentSource } from '@firm/shared';
import type { Executor } from '../../db/client';
import { lockFeeNote, updateFeeNoteRow } from './fee-notes.repository';
import {
  insertPayment,
  lockPayment,
  mpesaReceiptTaken,
  updatePaymentRow,
} from './payments.repository';
import { lockPaymentTarget, settlePayment, type PaymentTarget } from './payments.service';

/**
 * What billing offers paybill payments (ADR 047, named in eslint.config.js): a fee note paid at
 * the paybill is an M-Pesa payment like one paid by a push, so it takes billing's own path: the
 * note locked, an RC receipt carrying M-Pesa's code, the paid figure and status moved, and the
 * client told in the bell, by email and by text, all in the caller's transaction.
 */

/** The fee note, locked, with what is still owed; throws (404/409) when it cannot be paid. */
export const lockFeeNoteForPaybill = (tx: Executor, feeNoteId: string) =>
  lockPaymentTarget(tx, { feeNoteId }, {});

/** Records `amountKsh` (at most the note's balance: the caller checked) paid by M-Pesa. */
export async function settleFeeNoteFromPaybill(
  tx: Executor,
  target: PaymentTarget,
  input: {
    amountKsh: number;
    mpesaReceiptNumber: string;
    phone: string | null;
    receivedAt: Date;
    recordedById: string | null;
    /** `sweep` when the daily sweep found it rather than Safaricom's confirmation (ADR 048). */
    source?: Extract<PaymentSource, 'paybill' | 'sweep'>;
  },
) {
  const pending = await insertPayment(tx, {
    clientId: target.clientId,
    feeNoteId: target.id,
    amountKsh: input.amountKsh,
    method: 'mpesa',
    source: input.source ?? 'paybill',
    status: 'pending',
    reference: input.mpesaReceiptNumber,
    phone: input.phone,
    recordedById: input.recordedById,
  });
  // One payment carries M-Pesa's code (the statement matches it once); a second part of the same
  // paybill payment, allocated elsewhere later, names it as its reference only.
  const taken = await mpesaReceiptTaken(tx, input.mpesaReceiptNumber);
  return settlePayment(tx, pending, target, input.receivedAt, {
    mpesaReceiptNumber: taken ? null : input.mpesaReceiptNumber,
    resultCode: 0,
    resultDesc: 'Paid at the paybill',
  });
}

/**
 * M-Pesa reversed the paybill payment that paid this (ADR 054): the payment keeps its receipt
 * number, marked `reversed`, and the fee note owes the amount again (issued or partly paid once
 * more), in the caller's transaction. Answers the note's number, or null when the payment was not
 * a succeeded fee note payment (already reversed: nothing changes).
 */
export async function reverseFeeNotePaymentFromPaybill(
  tx: Executor,
  paymentId: string,
): Promise<{ feeNoteNumber: string | null } | null> {
  const payment = await lockPayment(tx, paymentId);
  if (payment?.status !== 'succeeded' || !payment.feeNoteId) return null;
  const note = await lockFeeNote(tx, payment.feeNoteId);
  if (!note) return null;
  const paidKsh = Math.max(0, note.paidKsh - payment.amountKsh);
  await updatePaymentRow(tx, payment.id, {
    status: 'reversed',
    flaggedReason: 'Reversed by M-Pesa',
  });
  await updateFeeNoteRow(tx, note.id, {
    paidKsh,
    status: statusAfterPayment(note.totalKsh, paidKsh),
  });
  return { feeNoteNumber: note.number };
}
