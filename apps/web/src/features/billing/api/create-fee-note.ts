import type { CreateFeeNoteValues, FeeNoteSaved } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** POST /api/fee-notes: a draft. */
export function createFeeNote(input: CreateFeeNoteValues): Promise<FeeNoteSaved> {
  return billingApi.createFeeNote({ body: input });
}

export function useCreateFeeNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeeNote,
    onSuccess: (saved) => {
      queryClient.setQueryData(feeNoteKey(saved.feeNote.id), saved.feeNote);
      return queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'fee-notes'] });
    },
  });
}
