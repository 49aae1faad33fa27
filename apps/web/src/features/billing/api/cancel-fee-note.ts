import type { FeeNoteSaved } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** POST /api/fee-notes/:id/cancel { reason }: cancelled by a numbered credit note. */
export function cancelFeeNote(id: string, reason: string): Promise<FeeNoteSaved> {
  return billingApi.cancelFeeNote({ params: { id }, body: { reason } });
}

export function useCancelFeeNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelFeeNote(id, reason),
    onSuccess: (saved) => {
      queryClient.setQueryData(feeNoteKey(id), saved.feeNote);
      return queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'fee-notes'] });
    },
  });
}
