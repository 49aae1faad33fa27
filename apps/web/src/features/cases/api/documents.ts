import { MESSAGES, type ApiErrorBody, type DocumentResponse } from '@firm/shared';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth-storage';

/**
 * Uploads and downloads. An upload goes through XMLHttpRequest, the one browser API that reports
 * upload progress, so each file has its own progress bar and can be cancelled.
 */

export interface UploadHandle {
  promise: Promise<DocumentResponse>;
  cancel: () => void;
}

function errorFrom(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (typeof body.message === 'string') {
      return new ApiError(body.message, status, body.code, body.errors);
    }
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(`Request failed with status code ${status}`, status);
}

/** POST /api/cases/:id/documents (multipart, one file). */
export function uploadDocument(
  caseId: string,
  file: File,
  options: { visibleToClient: boolean; onProgress: (fraction: number) => void },
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DocumentResponse>((resolve, reject) => {
    const query = options.visibleToClient ? '?visibleToClient=true' : '';
    xhr.open('POST', `${API_BASE}/cases/${encodeURIComponent(caseId)}/documents${query}`);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(xhr.responseText) as DocumentResponse);
      } else reject(errorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(MESSAGES.genericError, 0, 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
  return { promise, cancel: () => xhr.abort() };
}

/**
 * GET /api/cases/:id/documents/:docId: the API needs the Bearer header, so the file is fetched and
 * handed to the browser as a download under its own name.
 */
export async function downloadDocument(caseId: string, documentId: string, name: string) {
  const token = getStoredToken();
  const response = await fetch(
    `${API_BASE}/cases/${encodeURIComponent(caseId)}/documents/${encodeURIComponent(documentId)}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) throw errorFrom(response.status, await response.text());
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
