import type { MessageWithdrawn } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_KEY } from '../../../lib/conversation-keys';
import { messagesApi } from './messages-api';

/** POST /api/messages/:id/withdraw (the sender, within 5 minutes). */
export function withdrawMessage(id: string): Promise<MessageWithdrawn> {
  return messagesApi.withdrawMessage({ params: { id } });
}

export function useWithdrawMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
