import type { DashboardStats, MpesaPaymentValues } from '@firm/shared';
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

export const paymentKey = (id: string) => [...BILLING_KEY, 'payment', id] as const;

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
