import type { BillingContract } from '@firm/shared/billing/contract';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import type { QueryClient } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';

const billing = endpointClient<BillingContract>(BILLING_ENDPOINTS);

/**
 * What a client owes on fee notes (GET /api/fee-notes answers a client's balance with the list;
 * one row is enough), kept 10 s: Make Payment asks it before choosing where to send them.
 */
export const fetchFeeNoteBalance = (queryClient: QueryClient) =>
  queryClient
    .fetchQuery({
      queryKey: ['dashboard', 'fee-note-balance'],
      queryFn: ({ signal }) => billing.listFeeNotes({ query: { limit: 1 } }, signal),
      staleTime: 10_000,
    })
    .then((page) => page.balanceKsh ?? 0);
