import type { Payment, VisitorMpesaPaymentValues } from '@firm/shared';
import { apiRequest } from '../../../lib/api-client';
import { downloadPosted } from '../../../lib/file-transfer';
import { APPOINTMENTS_KEY } from './list-appointments';

/** What POST /api/payments/mpesa/visitor answers (mpesaPaymentStartedSchema): the payment to follow. */
export interface VisitorMpesaStarted {
  id: string;
  status: 'pending';
  checkoutRequestId: string;
  message: string;
}

/**
 * POST /api/payments/mpesa/visitor: M-Pesa asks the visitor's phone for their PIN, for their
 * booking's fee; the link's token (in the body, never a URL) names the booking.
 */
export function startVisitorMpesaPayment(
  input: VisitorMpesaPaymentValues,
): Promise<VisitorMpesaStarted> {
  return apiRequest<VisitorMpesaStarted>('POST', '/payments/mpesa/visitor', { body: input });
}

/** POST /api/payments/mpesa/visitor/status: one of the link's booking's payments, as it stands. */
export function visitorPaymentStatus(
  token: string,
  paymentId: string,
  signal?: AbortSignal,
): Promise<Payment> {
  return apiRequest<Payment>('POST', '/payments/mpesa/visitor/status', {
    body: { token, paymentId },
    signal,
  });
}

/** The key a visitor's payment is followed under (not the token: it stays out of the cache's keys). */
export const visitorPaymentKey = (paymentId: string) =>
  [...APPOINTMENTS_KEY, 'visitor-payment', paymentId] as const;

/**
 * POST /api/payments/mpesa/visitor/receipt: the receipt's PDF of one of the link's booking's
 * payments (the one named, or its latest paid one), saved as the server names it.
 */
export function downloadVisitorReceipt(token: string, paymentId?: string): Promise<void> {
  return downloadPosted(
    '/payments/mpesa/visitor/receipt',
    paymentId ? { token, paymentId } : { token },
    'receipt.pdf',
  );
}
