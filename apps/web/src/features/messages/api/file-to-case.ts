import type { FiledToCase, MessagePage } from '@firm/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { conversationKey } from '../../../lib/conversation-keys';
import { messagesApi } from './messages-api';

/**
 * POST /api/conversations/:id/attachments/:attachmentId/file-to-case: staff with canUploadFiles
 * copy an attachment into the conversation's case documents (shared with the client). Once per
 * attachment: asked again, the server answers with the document filed the first time (ADR 020).
 */
export function fileAttachmentToCase(
  conversationId: string,
  attachmentId: string,
): Promise<FiledToCase> {
  return messagesApi.fileAttachmentToCase({
    params: { id: conversationId, attachmentId },
    body: {},
  });
}

/** Filed: the attachment in the cached conversation says where, in place of "File to case". */
export function useFileAttachmentToCase(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => fileAttachmentToCase(conversationId, attachmentId),
    onSuccess: (result, attachmentId) =>
      queryClient.setQueryData<InfiniteData<MessagePage, string | null>>(
        conversationKey(conversationId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              messages: page.messages.map((message) => ({
                ...message,
                attachments: message.attachments.map((file) =>
                  file.id === attachmentId ? { ...file, filedTo: result.filedTo } : file,
                ),
              })),
            })),
          },
      ),
  });
}
