import type { SuccessMessage } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** DELETE /api/fee-notes/:id: a draft only. */
export function deleteFeeNote(id: string): Promise<SuccessMessage> {
  return billingApi.deleteFeeNote({ params: { id } });
}

export function useDeleteFeeNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFeeNote(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: feeNoteKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'fee-notes'] });
    },
  });
}
