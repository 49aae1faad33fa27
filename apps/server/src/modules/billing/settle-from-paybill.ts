import type { PaymentSource } from '@firm/shared';
import type { Executor } from '../../db/client';
import { insertPayment, mpesaReceiptTaken } from './payments.repository';
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
