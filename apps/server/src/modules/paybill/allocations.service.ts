import {
  PAYBILL_TEXTS as T,
  type AllocatePaybillPaymentValues,
  type PaybillPayment,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { postPaybillReceipt } from '../client-money/receipt-from-paybill';
import { lockFeeNoteForPaybill, settleFeeNoteFromPaybill } from '../billing/settle-from-paybill';
import { type PaybillDeps } from './paybill-deps';
import { paybillPaymentView } from './paybill-view';
import {
  caseIsClients,
  feeNoteNumberOf,
  isClient,
  listWaiting,
  lockPaybillPayment,
  updatePaybillPayment,
} from './paybill.repository';

/** The most a list of waiting payments holds: more than this is a backlog staff must clear. */
const WAITING_LIST_MAX = 500;

/** GET /api/payments/unallocated: unconfirmed payments, and confirmed money no record took. */
export async function listUnallocatedPaybillPayments(
  deps: PaybillDeps,
  user: UserRow,
): Promise<{ payments: PaybillPayment[] }> {
  assertCan(user, 'payments:record');
  const rows = await listWaiting(deps.db, WAITING_LIST_MAX);
  return { payments: rows.map(paybillPaymentView) };
}

/**
 * POST /api/payments/{id}/allocate: what is left of a confirmed payment (or part of it) to a fee
 * note (billing's own path: an RC receipt, the client told), or marked refunded outside the
 * system; with a reason, in the audit log as a sentence. 409 when nothing, or less, is left.
 */
export async function allocatePaybillPayment(
  deps: PaybillDeps,
  user: UserRow,
  id: string,
  input: AllocatePaybillPaymentValues,
  meta: RequestMeta,
): Promise<PaybillPayment> {
  assertCan(user, 'payments:record');
  const row = await deps.db.transaction(async (tx) => {
    const payment = await lockPaybillPayment(tx, id);
    if (!payment) throw AppError.notFound(T.notFound);
    if (payment.status === 'received' || payment.status === 'forged') {
      throw AppError.conflict(T.notConfirmed);
    }
    if (payment.unallocatedKsh <= 0) throw AppError.conflict(T.alreadyAllocated);
    const amountKsh = input.amountKsh ?? payment.unallocatedKsh;
    if (amountKsh > payment.unallocatedKsh) {
      throw AppError.conflict(T.moreThanLeft(payment.unallocatedKsh));
    }
    const leftKsh = payment.unallocatedKsh - amountKsh;
    let placed: Partial<typeof payment> = { settledTo: input.to };
    let feeNoteNumber: string | null = null;
    if (input.to === 'fee_note') {
      const target = await lockFeeNoteForPaybill(tx, input.feeNoteId);
      if (amountKsh > target.balanceKsh) {
        throw AppError.conflict(T.overFeeNoteBalance(target.balanceKsh));
      }
      const billed = await settleFeeNoteFromPaybill(tx, target, {
        amountKsh,
        mpesaReceiptNumber: payment.transId,
        phone: null,
        receivedAt: payment.paidAt,
        recordedById: user.id,
      });
      feeNoteNumber = await feeNoteNumberOf(tx, input.feeNoteId);
      placed = {
        settledTo: 'fee_note',
        feeNoteId: input.feeNoteId,
        billingPaymentId: billed.id,
        clientId: target.clientId,
      };
    } else if (input.to === 'client_money') {
      if (!(await isClient(tx, input.clientId))) throw AppError.notFound(T.clientNotFound);
      if (input.caseId && !(await caseIsClients(tx, input.caseId, input.clientId))) {
        throw AppError.badRequest(T.caseInvalid, { caseId: T.caseInvalid });
      }
      const entry = await postPaybillReceipt(
        tx,
        {
          id: payment.id,
          clientId: input.clientId,
          caseId: input.caseId ?? null,
          amountKsh,
          transId: payment.transId,
          shortcode: payment.shortcode,
        },
        new Date(),
      );
      if (!entry) throw AppError.conflict(T.noClientAccount);
      placed = {
        settledTo: 'client_money',
        clientId: input.clientId,
        caseId: input.caseId ?? null,
        clientMoneyEntryId: entry.id,
      };
    }
    const updated = await updatePaybillPayment(tx, payment.id, {
      ...placed,
      status: leftKsh > 0 ? 'unallocated' : 'settled',
      unallocatedKsh: leftKsh,
      allocatedById: user.id,
      allocationReason: input.reason,
      settledAt: new Date(),
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: 'paybill_payment.allocated',
      targetUserId: updated.clientId,
      ip: meta.ip,
      details: {
        paybillPaymentId: payment.id,
        transId: payment.transId,
        amountKsh,
        to: input.to,
        ...(input.to === 'fee_note'
          ? { feeNoteId: input.feeNoteId, feeNoteNumber, number: feeNoteNumber }
          : {}),
        reason: input.reason,
      },
    });
    return updated;
  });
  return paybillPaymentView(row);
}
