import type { FeeNoteSaved } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** POST /api/fee-notes/:id/cancel { reason }: cancelled by a numbered credit note. */
export function cancelFeeNote(id: string, reason: string): Promise<FeeNoteSaved> {
  return api.post<FeeNoteSaved>(`/fee-notes/${encodeURIComponent(id)}/cancel`, { reason });
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
