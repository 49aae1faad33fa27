import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/conversations/:id/attachments/:attachmentId, as a download under the file's name. */
export function downloadAttachment(conversationId: string, attachmentId: string, name: string) {
  return downloadFile(
    `/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}`,
    name,
  );
}
