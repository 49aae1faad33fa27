import { MESSAGES, type ApiErrorBody, type MessageSent } from '@firm/shared';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth-storage';

/**
 * POST /api/conversations/:id/messages: multipart (the body and up to 5 files) through
 * XMLHttpRequest, the one browser API that reports upload progress. One request carries every
 * file; each file's share of the bytes gives its own progress bar.
 */

export interface SendHandle {
  promise: Promise<MessageSent>;
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

/** Each file's fraction sent, from the bytes sent so far (files go in order, after the body). */
export function fileProgress(files: readonly File[], loaded: number, total: number): number[] {
  const sizes = files.map((file) => file.size);
  const all = sizes.reduce((sum, size) => sum + size, 0);
  // Whatever is not file bytes (the body, the multipart framing) counts before the first file.
  const overhead = Math.max(0, total - all);
  let offset = overhead;
  return sizes.map((size) => {
    const fraction = size === 0 ? (loaded >= offset ? 1 : 0) : (loaded - offset) / size;
    offset += size;
    return Math.min(1, Math.max(0, fraction));
  });
}

export function sendMessage(
  conversationId: string,
  input: { body: string; files: readonly File[] },
  onProgress: (fractions: number[]) => void,
): SendHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<MessageSent>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}/conversations/${encodeURIComponent(conversationId)}/messages`);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(fileProgress(input.files, event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(xhr.responseText) as MessageSent);
      } else reject(errorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(MESSAGES.genericError, 0, 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('Sending cancelled', 'AbortError'));
    if (input.files.length === 0) {
      // Text only: JSON, which keeps line breaks as typed (multipart turns them into CRLF).
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify({ body: input.body }));
      return;
    }
    const form = new FormData();
    form.append('body', input.body);
    for (const file of input.files) form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
