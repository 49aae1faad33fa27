import type { BillingContract } from '@firm/shared/billing/contract';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import type { EndpointAnswer, EndpointInput } from '@firm/shared/common/contract';
import type { MpesaPaymentValues, Payment, VisitorMpesaPaymentValues } from '@firm/shared';
import { endpointClient } from '../../lib/endpoint-client';

/**
 * The payment requests that fee notes and appointments both make (a fee is paid either way),
 * once, from the billing contract (packages/shared/src/billing/contract.ts): each feature keeps
 * only what it refreshes after.
 */
const payments = endpointClient<BillingContract>(BILLING_ENDPOINTS);

/** What POST /api/payments/mpesa (and /visitor) answers: the payment to follow. */
export type MpesaPaymentStarted = EndpointAnswer<BillingContract['startMpesaPayment']>;

/** What POST /api/payments answers: the payment, its receipt number in the message. */
export type PaymentRecorded = EndpointAnswer<BillingContract['recordPayment']>;

/** POST /api/payments/mpesa: M-Pesa asks the payer's phone for their PIN (an STK push). */
export const startMpesaPayment = (body: MpesaPaymentValues): Promise<MpesaPaymentStarted> =>
  payments.startMpesaPayment({ body });

/** GET /api/payments/:id: a payment as it stands (a push is followed here until it settles). */
export const getPayment = (id: string, signal?: AbortSignal): Promise<Payment> =>
  payments.getPayment({ params: { id } }, signal);

type Body<E extends keyof BillingContract> =
  EndpointInput<BillingContract[E]> extends {
    body: infer B;
  }
    ? B
    : never;

/** POST /api/payments: money received outside the portal; its receipt is numbered at once. */
export const recordPayment = (body: Body<'recordPayment'>): Promise<PaymentRecorded> =>
  payments.recordPayment({ body });

/**
 * POST /api/payments/mpesa/visitor: M-Pesa asks the visitor's phone for their PIN, for their
 * booking's fee; the link's token (in the body, never a URL) names the booking.
 */
export const startVisitorMpesaPayment = (
  body: VisitorMpesaPaymentValues,
): Promise<MpesaPaymentStarted> => payments.startVisitorMpesaPayment({ body });

/** POST /api/payments/mpesa/visitor/status: one of the link's booking's payments, as it stands. */
export const visitorPaymentStatus = (
  token: string,
  paymentId: string,
  signal?: AbortSignal,
): Promise<Payment> => payments.visitorPaymentStatus({ body: { token, paymentId } }, signal);
