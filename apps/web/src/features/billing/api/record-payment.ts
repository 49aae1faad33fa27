import type { Payment, PaymentRecordValues } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BILLING_KEY } from './list-fee-notes';

/** What POST /api/payments answers (paymentRecordedSchema). */
export interface PaymentRecorded {
  success: true;
  message: string;
  payment: Payment;
}

/** POST /api/payments: money received outside the portal; its receipt is numbered at once. */
export function recordPayment(input: PaymentRecordValues): Promise<PaymentRecorded> {
  return api.post<PaymentRecorded>('/payments', input);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // The fee note's totals, status and payments, and the lists' balances, all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
