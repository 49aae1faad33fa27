import { BILLING_MESSAGES as M, appointmentReference, formatKsh } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { renderReceipt } from './billing-pdf.service';
import type { BillingDeps } from './billing-deps';
import { findPayment } from './payments.repository';
import type { PaymentTarget } from './payments.service';

/**
 * A visitor who paid their booking's fee has no account, so no bell and no portal: their receipt
 * goes to the email they booked with, the PDF attached, written to the outbox in the transaction
 * that settled the payment (ADR 028). Returns the delivery's id, for the outbox to send at once
 * after the commit; null when the payment is a client's (they hear through `notify`).
 */
export async function queueVisitorReceipt(
  tx: Executor,
  deps: Pick<BillingDeps, 'firmNotifyEmail' | 'logger'>,
  payment: PaymentRow,
  target: PaymentTarget,
): Promise<string | null> {
  if (target.kind !== 'appointment' || target.clientId || !target.bookedEmail) return null;
  const row = await findPayment(tx, payment.id, {});
  if (!row?.payment.receiptNumber) return null;
  const file = await renderReceipt({ ...deps, db: tx }, row);
  const receipt = row.payment.receiptNumber;
  return queueDelivery(tx, {
    channel: 'email',
    kind: 'payment_receipt',
    to: target.bookedEmail,
    subject: M.visitorReceiptSubject(receipt),
    text: M.visitorReceiptEmail(
      row.appointmentClientName ?? '',
      formatKsh(row.payment.amountKsh),
      `booking ${appointmentReference(target.id)} (${target.label})`,
      receipt,
    ),
    attachments: [
      {
        filename: file.filename,
        content: file.bytes.toString('base64'),
        contentType: 'application/pdf',
        encoding: 'base64',
      },
    ],
  });
}
