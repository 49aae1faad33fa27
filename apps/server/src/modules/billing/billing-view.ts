import {
  STAFF_ONLY_PAYMENT_FIELDS,
  isFeeNoteOverdue,
  MPESA_TEXTS,
  mpesaFailureText,
  seesAsClient,
  type FeeNote,
  type FeeNoteSummary,
  type FeeNoteTotals,
  type Payment,
} from '@firm/shared';
import type { FeeNoteLineRow, UserRow } from '../../db/schema';
import type { FeeNoteWithParties } from './fee-notes.repository';
import type { PaymentWithRefs } from './payments.repository';

/**
 * Fee notes and payments as a person reads them (screens, API), through the one rule of what a
 * client may see (packages/shared/src/client-view.ts): staff-only fields are left out here, once.
 */

const nameOf = (first: string, last: string) => `${first} ${last}`;

export function feeNoteSummaryOf(row: FeeNoteWithParties, today: string): FeeNoteSummary {
  const { note } = row;
  return {
    id: note.id,
    number: note.number,
    status: note.status,
    isOverdue: isFeeNoteOverdue(note, today),
    client: {
      id: note.clientId,
      name: nameOf(row.clientFirstName, row.clientLastName),
      email: row.clientEmail,
    },
    case:
      note.caseId && row.caseNumber && row.caseTitle
        ? { id: note.caseId, caseNumber: row.caseNumber, title: row.caseTitle }
        : null,
    issuedAt: note.issuedAt?.toISOString() ?? null,
    dueDate: note.dueDate,
    totalKsh: note.totalKsh,
    balanceKsh: balanceOf(note),
    createdAt: note.createdAt.toISOString(),
  };
}

/** What is still owed: nothing on a draft or a cancelled note. */
export const balanceOf = (note: FeeNoteWithParties['note']): number =>
  note.status === 'issued' || note.status === 'partly_paid' ? note.totalKsh - note.paidKsh : 0;

export const lineView = (line: FeeNoteLineRow) => ({
  kind: line.kind,
  description: line.description,
  quantity: line.quantity,
  unitPriceKsh: line.unitPriceKsh,
  amountKsh: line.amountKsh,
});

/** A fee note's figures as stored, with what is still owed: the screen's and the PDF's. */
export const totalsOf = (note: FeeNoteWithParties['note']): FeeNoteTotals => ({
  feesKsh: note.feesKsh,
  disbursementsKsh: note.disbursementsKsh,
  vatRatePercent: note.vatRatePercent,
  vatKsh: note.vatKsh,
  totalKsh: note.totalKsh,
  paidKsh: note.paidKsh,
  balanceKsh: balanceOf(note),
});

export function paymentAsSeenBy(viewer: Pick<UserRow, 'role'>, row: PaymentWithRefs): Payment {
  const { payment } = row;
  const view: Payment = {
    id: payment.id,
    status: payment.status,
    method: payment.method,
    source: payment.source,
    amountKsh: payment.amountKsh,
    reference: payment.reference ?? payment.mpesaReceiptNumber,
    receiptNumber: payment.receiptNumber,
    receivedAt: payment.receivedAt?.toISOString() ?? null,
    feeNote: payment.feeNoteId ? { id: payment.feeNoteId, number: row.feeNoteNumber } : null,
    appointment:
      payment.appointmentId && row.appointmentTitle
        ? { id: payment.appointmentId, title: row.appointmentTitle }
        : null,
    clientName: row.payerName ?? row.appointmentClientName ?? '',
    mpesa:
      payment.method === 'mpesa' && payment.checkoutRequestId
        ? {
            phone: payment.phone,
            checkoutRequestId: payment.checkoutRequestId,
            receiptNumber: payment.mpesaReceiptNumber,
            resultCode: payment.resultCode,
            failureText:
              payment.status !== 'failed'
                ? null
                : payment.flaggedReason
                  ? MPESA_TEXTS.underReview
                  : mpesaFailureText(payment.resultCode),
          }
        : null,
    recordedBy: row.recorderName,
    flaggedReason: payment.flaggedReason,
    createdAt: payment.createdAt.toISOString(),
  };
  if (seesAsClient(viewer)) for (const field of STAFF_ONLY_PAYMENT_FIELDS) view[field] = null;
  return view;
}

export function feeNoteAsSeenBy(
  viewer: UserRow,
  row: FeeNoteWithParties,
  lines: readonly FeeNoteLineRow[],
  payments: readonly PaymentWithRefs[],
  today: string,
): FeeNote {
  const { note } = row;
  return {
    ...feeNoteSummaryOf(row, today),
    buyerKraPin: note.buyerKraPin,
    lines: lines.map(lineView),
    totals: totalsOf(note),
    cancellation:
      note.creditNoteNumber && note.cancelledAt && note.cancelReason
        ? {
            creditNoteNumber: note.creditNoteNumber,
            reason: note.cancelReason,
            at: note.cancelledAt.toISOString(),
          }
        : null,
    // A client sees the payments that went through or are on their way, not a staff flag.
    payments: payments.map((payment) => paymentAsSeenBy(viewer, payment)),
    updatedAt: note.updatedAt.toISOString(),
  };
}
