import type { DocumentResponse } from '@firm/shared';
import { downloadFile, postWithProgress, type TransferHandle } from '../../../lib/file-transfer';

/**
 * Uploads and downloads. An upload goes through XMLHttpRequest (lib/file-transfer), so each file
 * has its own progress bar and can be cancelled.
 */

export type UploadHandle = TransferHandle<DocumentResponse>;

/** POST /api/cases/:id/documents (multipart, one file). */
export function uploadDocument(
  caseId: string,
  file: File,
  options: { visibleToClient: boolean; onProgress: (fraction: number) => void },
): UploadHandle {
  const query = options.visibleToClient ? '?visibleToClient=true' : '';
  const body = new FormData();
  body.append('file', file, file.name);
  return postWithProgress<DocumentResponse>(
    `/cases/${encodeURIComponent(caseId)}/documents${query}`,
    body,
    (loaded, total) => options.onProgress(loaded / total),
  );
}

/** GET /api/cases/:id/documents/:docId, as a download under the document's own name. */
export function downloadDocument(caseId: string, documentId: string, name: string) {
  return downloadFile(
    `/cases/${encodeURIComponent(caseId)}/documents/${encodeURIComponent(documentId)}`,
    name,
  );
}
