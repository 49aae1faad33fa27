import { MESSAGES } from '@firm/shared';
import { API_BASE, ApiError, errorFromAnswer, parseAnswer } from './api-client';
import { getStoredToken } from './auth-storage';

export interface TransferHandle<T> {
  promise: Promise<T>;
  cancel: () => void;
}

/**
 * POST `path` (under /api) through XMLHttpRequest, the one browser API that reports upload
 * progress: multipart for files, JSON for a plain body. `onProgress(loaded, total)` follows the
 * bytes sent; `cancel()` aborts (an AbortError).
 */
export function postWithProgress<T>(
  path: string,
  body: FormData | { json: unknown },
  onProgress: (loaded: number, total: number) => void,
): TransferHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${path}`);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const data = parseAnswer(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(errorFromAnswer(xhr.status, data, token !== null));
    };
    xhr.onerror = () => reject(new ApiError(MESSAGES.genericError, 0, 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    if (body instanceof FormData) {
      xhr.send(body);
    } else {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(body.json));
    }
  });
  return { promise, cancel: () => xhr.abort() };
}

/**
 * GET `path` (under /api) and hand it to the browser as a download named `name`: the API needs
 * the Bearer header, which a plain link cannot send.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const token = getStoredToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    throw errorFromAnswer(response.status, parseAnswer(await response.text()), token !== null);
  }
  saveBlob(await response.blob(), name);
}

/**
 * POSTs `body` as JSON and saves the answer (a PDF): for a download a secret authorises (a
 * visitor's booking link), which travels in the body, never in a URL. The file is named as the
 * server's Content-Disposition says, else `fallbackName`.
 */
export async function downloadPosted(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<void> {
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw errorFromAnswer(response.status, parseAnswer(await response.text()), false);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  saveBlob(await response.blob(), named?.[1] ?? fallbackName);
}

/** Hands `blob` to the browser as a download named `name`, through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: a browser may still be reading it when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
