import type { EndpointAnswer } from '@firm/shared/common/contract';
import { pathOf } from '@firm/shared/common/endpoints';
import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import { downloadFile, postWithProgress, type TransferHandle } from '../../../lib/file-transfer';

/**
 * Uploads and downloads. An upload goes through XMLHttpRequest (lib/file-transfer), so each file
 * has its own progress bar and can be cancelled.
 */

export type UploadHandle = TransferHandle<EndpointAnswer<CasesContract['uploadCaseDocument']>>;

/** POST /api/cases/:id/documents (multipart, one file). */
export function uploadDocument(
  caseId: string,
  file: File,
  options: { visibleToClient: boolean; onProgress: (fraction: number) => void },
): UploadHandle {
  const query = options.visibleToClient ? '?visibleToClient=true' : '';
  const body = new FormData();
  body.append('file', file, file.name);
  return postWithProgress(
    `${pathOf(CASES_ENDPOINTS.uploadCaseDocument, { id: caseId })}${query}`,
    body,
    (loaded, total) => options.onProgress(loaded / total),
  );
}

/** GET /api/cases/:id/documents/:docId, as a download under the document's own name. */
export function downloadDocument(caseId: string, documentId: string, name: string) {
  return downloadFile(
    pathOf(CASES_ENDPOINTS.downloadCaseDocument, { id: caseId, docId: documentId }),
    name,
  );
}
