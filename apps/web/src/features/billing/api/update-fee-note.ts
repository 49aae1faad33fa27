import type { FeeNoteSaved, UpdateFeeNoteValues } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** PUT /api/fee-notes/:id: the whole draft again (its client stays). */
export function updateFeeNote(id: string, input: UpdateFeeNoteValues): Promise<FeeNoteSaved> {
  return billingApi.updateFeeNote({ params: { id }, body: input });
}

export function useUpdateFeeNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateFeeNoteValues) => updateFeeNote(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(feeNoteKey(id), saved.feeNote);
      return queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'fee-notes'] });
    },
  });
}
