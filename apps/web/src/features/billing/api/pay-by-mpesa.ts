import type { DashboardStats, MpesaPaymentValues, Payment } from '@firm/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BILLING_KEY } from './list-fee-notes';

/** What POST /api/payments/mpesa answers (mpesaPaymentStartedSchema): the payment to follow. */
export interface MpesaPaymentStarted {
  id: string;
  status: 'pending';
  checkoutRequestId: string;
  message: string;
}

/** POST /api/payments/mpesa: M-Pesa asks the payer's phone for their PIN (an STK push). */
export function startMpesaPayment(input: MpesaPaymentValues): Promise<MpesaPaymentStarted> {
  return api.post<MpesaPaymentStarted>('/payments/mpesa', input);
}

export function useStartMpesaPayment() {
  return useMutation({ mutationFn: startMpesaPayment });
}

/** How often a pending payment is asked about while the payer waits for their phone. */
export const PAYMENT_POLL_MS = 3_000;

export const paymentKey = (id: string) => [...BILLING_KEY, 'payment', id] as const;

/**
 * GET /api/payments/:id, every 3 s while it is pending (Safaricom confirms it a moment after the
 * PIN), and no more once it has succeeded or failed, or once nobody watches (the dialog closed).
 * Coming back to the tab from the phone's M-Pesa prompt asks at once.
 */
export function usePaymentProgress(id: string | null) {
  return useQuery({
    queryKey: paymentKey(id ?? ''),
    queryFn: ({ signal }) => api.get<Payment>(`/payments/${encodeURIComponent(id!)}`, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'pending' ? PAYMENT_POLL_MS : false,
  });
}

/**
 * The firm's paybill or till (System Settings), for paying by hand when paying from the portal is
 * not set up: a client reads them with their dashboard's figures (GET /api/dashboard/stats).
 */
export function usePaybillDetails(enabled: boolean) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'paybill'],
    queryFn: ({ signal }) => api.get<DashboardStats>('/dashboard/stats', signal),
    select: (stats) => stats.client?.payment ?? null,
    enabled,
  });
}
