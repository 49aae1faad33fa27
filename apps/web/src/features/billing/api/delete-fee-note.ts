import type { SuccessMessage } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** DELETE /api/fee-notes/:id: a draft only. */
export function deleteFeeNote(id: string): Promise<SuccessMessage> {
  return api.delete<SuccessMessage>(`/fee-notes/${encodeURIComponent(id)}`);
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
