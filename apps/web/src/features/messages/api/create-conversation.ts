import type { ConversationCreated } from '@firm/shared';
import { pathOf } from '@firm/shared/common/endpoints';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postWithProgress, type TransferHandle } from '../../../lib/file-transfer';
import { conversationsKey } from '../../../lib/conversation-keys';
import { fileProgress } from './send-message';

/** What New Message sends (the fields of `createConversationInputSchema`). */
export interface NewConversationInput {
  subject: string;
  body: string;
  caseId?: string;
  /** Staff: the client written to. */
  clientId?: string;
  /** Staff: colleagues named on it. */
  staffIds?: string[];
}

/**
 * POST /api/conversations: a new conversation and its first message. Without files it goes as
 * JSON (line breaks kept as typed); with files as one multipart request through XMLHttpRequest,
 * the fields first and then the files, so each file's progress is its share of the bytes sent.
 */
export function createConversation(
  input: NewConversationInput,
  files: readonly File[] = [],
  onProgress: (fractions: number[]) => void = () => {},
): TransferHandle<ConversationCreated> {
  const path = pathOf(MESSAGES_ENDPOINTS.startConversation);
  if (files.length === 0) {
    return postWithProgress<ConversationCreated>(path, { json: input }, () => {});
  }
  const form = new FormData();
  form.append('subject', input.subject);
  if (input.clientId) form.append('clientId', input.clientId);
  if (input.caseId) form.append('caseId', input.caseId);
  for (const id of input.staffIds ?? []) form.append('staffIds', id);
  form.append('body', input.body);
  for (const file of files) form.append('file', file, file.name);
  return postWithProgress<ConversationCreated>(path, form, (loaded, total) =>
    onProgress(fileProgress(files, loaded, total)),
  );
}

export interface NewConversationRequest {
  input: NewConversationInput;
  files?: readonly File[];
  onProgress?: (fractions: number[]) => void;
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, files, onProgress }: NewConversationRequest) =>
      createConversation(input, files, onProgress).promise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
