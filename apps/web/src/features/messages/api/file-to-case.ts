import type { FiledToCase } from '@firm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/conversations/:id/attachments/:attachmentId/file-to-case: staff with canUploadFiles
 * copy an attachment into the conversation's case documents (shared with the client).
 */
export function fileAttachmentToCase(conversationId: string, attachmentId: string) {
  return api.post<FiledToCase>(
    `/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(
      attachmentId,
    )}/file-to-case`,
    {},
  );
}

export function useFileAttachmentToCase(conversationId: string) {
  return useMutation({
    mutationFn: (attachmentId: string) => fileAttachmentToCase(conversationId, attachmentId),
  });
}
