import type { FeeNoteSaved } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { feeNoteKey } from './get-fee-note';
import { BILLING_KEY } from './list-fee-notes';

/** POST /api/fee-notes/:id/issue: its number, and the client told by email, text and bell. */
export function issueFeeNote(id: string): Promise<FeeNoteSaved> {
  return billingApi.issueFeeNote({ params: { id } });
}

export function useIssueFeeNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueFeeNote(id),
    onSuccess: (saved) => {
      queryClient.setQueryData(feeNoteKey(id), saved.feeNote);
      return queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'fee-notes'] });
    },
  });
}
