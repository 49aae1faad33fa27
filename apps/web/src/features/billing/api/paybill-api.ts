import type { PaybillContract } from '@firm/shared/paybill/contract';
import { PAYBILL_ENDPOINTS } from '@firm/shared/paybill/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllocatePaybillPaymentValues, PaybillPayment } from '@firm/shared';
import { endpointClient } from '../../../lib/endpoint-client';
import { useScreenQuery } from '../../../lib/screen-query';
import { BILLING_KEY } from './list-fee-notes';

/** Paybill payments' requests, from their contract (packages/shared/src/paybill, ADR 047). */
const paybillApi = endpointClient<PaybillContract>(PAYBILL_ENDPOINTS);

/** Under BILLING_KEY: an allocation pays a fee note, so the fee notes and payments refresh too. */
export const UNALLOCATED_KEY = [...BILLING_KEY, 'paybill-unallocated'] as const;

export const unallocatedQueryOptions = () =>
  queryOptions({
    queryKey: UNALLOCATED_KEY,
    queryFn: ({ signal }) => paybillApi.listUnallocated({}, signal),
  });

/** GET /api/payments/unallocated: paybill payments waiting for staff. */
export function useUnallocatedPayments() {
  return useScreenQuery(unallocatedQueryOptions());
}

/** POST /api/payments/{id}/allocate: what is left of a paybill payment, to where staff say. */
export function useAllocatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AllocatePaybillPaymentValues }) =>
      paybillApi.allocate({ params: { id }, body }) as Promise<PaybillPayment>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
