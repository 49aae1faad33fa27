import type { Executor } from '../../db/client';
import { insertPayment } from './payments.repository';
import { lockPaymentTarget, settlePayment, type PaymentTarget } from './payments.service';

/**
 * What billing offers client money's transfer to office (ADR 045, named in eslint.config.js): a
 * fee note settled from money the firm holds for its client is a payment like any other, so it
 * takes billing's own path: the note locked, an RC receipt, the paid figure and status moved, and
 * the client told in the bell, by email and by text, all in the caller's transaction.
 */

/**
 * The fee note `feeNoteId` of `clientId`, locked, with what is still owed on it: 404 when it is
 * not theirs (or a draft), 409 when it cannot be paid.
 */
export const lockFeeNoteOfClient = (tx: Executor, feeNoteId: string, clientId: string) =>
  lockPaymentTarget(tx, { feeNoteId }, { clientId });

/** Records `amountKsh` (at most the note's balance: the caller checked) as paid on the note. */
export async function settleFeeNoteFromClientMoney(
  tx: Executor,
  target: PaymentTarget,
  input: { amountKsh: number; reference: string; receivedAt: Date; recordedById: string },
) {
  const pending = await insertPayment(tx, {
    clientId: target.clientId,
    feeNoteId: target.id,
    amountKsh: input.amountKsh,
    // A transfer between the firm's bank accounts: the receipt says "bank", with its reference.
    method: 'bank',
    source: 'manual',
    status: 'pending',
    reference: input.reference,
    recordedById: input.recordedById,
  });
  return settlePayment(tx, pending, target, input.receivedAt);
}
