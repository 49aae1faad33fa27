import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import { downloadPosted } from '../../../lib/file-transfer';
import { APPOINTMENTS_KEY } from './list-appointments';

/** The key a visitor's payment is followed under (not the token: it stays out of the cache's keys). */
export const visitorPaymentKey = (paymentId: string) =>
  [...APPOINTMENTS_KEY, 'visitor-payment', paymentId] as const;

/**
 * POST /api/payments/mpesa/visitor/receipt: the receipt's PDF of one of the link's booking's
 * payments (the one named, or its latest paid one), saved as the server names it.
 */
export function downloadVisitorReceipt(token: string, paymentId?: string): Promise<void> {
  return downloadPosted(
    BILLING_ENDPOINTS.visitorReceiptPdf.path,
    paymentId ? { token, paymentId } : { token },
    'receipt.pdf',
  );
}
