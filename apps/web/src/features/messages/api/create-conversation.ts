import type { ConversationCreated, CreateConversationInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationsKey } from './keys';

/** POST /api/conversations: a new conversation and its first message. */
export function createConversation(input: CreateConversationInput): Promise<ConversationCreated> {
  return api.post<ConversationCreated>('/conversations', input);
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
