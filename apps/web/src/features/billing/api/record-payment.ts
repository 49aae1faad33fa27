import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordPayment } from '../../../components/payment/payment-requests';
import { BILLING_KEY } from './list-fee-notes';

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // The fee note's totals, status and payments, and the lists' balances, all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
