import { pathOf } from '@firm/shared/common/endpoints';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/conversations/:id/attachments/:attachmentId, as a download under the file's name. */
export function downloadAttachment(conversationId: string, attachmentId: string, name: string) {
  return downloadFile(
    pathOf(MESSAGES_ENDPOINTS.downloadAttachment, { id: conversationId, attachmentId }),
    name,
  );
}
