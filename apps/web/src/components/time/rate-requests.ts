import type { FeeArrangementInput } from '@firm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIME_KEY, timeApi } from './time-requests';

/** Rates and a case's fee arrangement (ADR 050): System Settings and the case dialog ask them. */
const RATES_KEY = [...TIME_KEY, 'rates'] as const;
const arrangementKey = (caseId: string) => [...TIME_KEY, 'fee-arrangement', caseId] as const;

/** GET /api/time-rates: each advocate's and admin's default hourly rate. */
export function useTimeRates() {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: ({ signal }) => timeApi.listRates({}, signal),
    select: (answer) => answer.rates,
  });
}

/** PUT /api/time-rates/{userId}. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, hourlyRateKsh }: { userId: string; hourlyRateKsh: number }) =>
      timeApi.setRate({ params: { id: userId }, body: { hourlyRateKsh } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES_KEY }),
  });
}

/** GET /api/cases/{id}/fee-arrangement (null: none recorded). */
export function useFeeArrangement(caseId: string) {
  return useQuery({
    queryKey: arrangementKey(caseId),
    queryFn: ({ signal }) => timeApi.getFeeArrangement({ params: { id: caseId } }, signal),
    select: (answer) => answer.arrangement,
  });
}

/** PUT /api/cases/{id}/fee-arrangement. */
export function useSetFeeArrangement(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeArrangementInput) =>
      timeApi.setFeeArrangement({ params: { id: caseId }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(arrangementKey(caseId), answer);
      // A fixed fee takes the case's time out of the unbilled work (ADR 050): its lists follow.
      await queryClient.invalidateQueries({ queryKey: [...TIME_KEY, 'unbilled'] });
    },
  });
}
