import type { MessageWithdrawn } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/conversation-keys';

/** POST /api/messages/:id/withdraw (the sender, within 5 minutes). */
export function withdrawMessage(id: string): Promise<MessageWithdrawn> {
  return api.post<MessageWithdrawn>(`/messages/${encodeURIComponent(id)}/withdraw`);
}

export function useWithdrawMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
