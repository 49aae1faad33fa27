import type { ListPaymentsQuery, PaymentMethod, PaymentPage, PaymentState } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { useScreenQuery } from '../../../lib/screen-query';
import { BILLING_KEY } from './list-fee-notes';

export type PaymentFilters = Partial<Pick<ListPaymentsQuery, 'from' | 'to' | 'page' | 'limit'>> & {
  method?: PaymentMethod;
  status?: PaymentState;
};

/**
 * A page of payments, newest first; `total`, every payment the filters match, and `sums`, what
 * the succeeded ones brought in: the reports' money figures are shillings, checked against it.
 */
export type PaymentListPage = PaymentPage;

/** GET /api/payments: every payment for staff (a client's own for a client). */
export function getPayments(
  filters: PaymentFilters,
  signal?: AbortSignal,
): Promise<PaymentListPage> {
  return billingApi.listPayments({ query: filters }, signal);
}

/** Under BILLING_KEY: a payment recorded or a fee note changed refreshes the list. */
export const paymentsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'payments', filters],
    queryFn: ({ signal }) => getPayments(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePayments(filters: PaymentFilters) {
  return useScreenQuery(paymentsQueryOptions(filters));
}
