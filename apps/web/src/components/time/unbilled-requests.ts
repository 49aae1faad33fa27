import type { BillUnbilledValues } from '@firm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIME_KEY, timeApi } from './time-requests';

/**
 * Unbilled work's requests (ADR 050): the case's, the client's or the firm's unbilled time and
 * expenses, and "Bill this", which drafts the fee note (its entries then show as on a draft).
 */
const unbilledKey = (filter: { caseId?: string; clientId?: string }) =>
  [...TIME_KEY, 'unbilled', filter.caseId ?? '', filter.clientId ?? ''] as const;

/** GET /api/unbilled?caseId=|clientId=: none of them, the firm's. */
export function useUnbilled(filter: { caseId?: string; clientId?: string }) {
  return useQuery({
    queryKey: unbilledKey(filter),
    queryFn: ({ signal }) => timeApi.listUnbilled({ query: filter }, signal),
  });
}

/** POST /api/fee-notes/from-unbilled. */
export function useBillUnbilled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<BillUnbilledValues>) =>
      timeApi.billUnbilled({ body: body as never }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TIME_KEY });
      // The fee notes' lists (features/billing's BILLING_KEY) now hold the new draft.
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
