import type { PaybillPayment } from '@firm/shared';
import type { PaybillPaymentRow } from '../../db/schema';

/** A paybill payment as staff see it (the payer's phone, as Safaricom sent it, is not shown). */
export function paybillPaymentView(row: PaybillPaymentRow): PaybillPayment {
  return {
    id: row.id,
    transId: row.transId,
    amountKsh: row.amountKsh,
    paidAt: row.paidAt.toISOString(),
    accountNumber: row.billRefNumber,
    payerName: row.payerName,
    status: row.status,
    unallocatedKsh: row.unallocatedKsh,
    settledTo: row.settledTo ?? null,
    feeNoteId: row.feeNoteId,
    clientId: row.clientId,
    caseId: row.caseId,
    forgedReason: row.forgedReason,
    receivedAt: row.createdAt.toISOString(),
  };
}
