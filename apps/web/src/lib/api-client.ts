import { MESSAGES, type ApiErrorBody, type ClientErrorCode, type ErrorCode } from '@firm/shared';
import { API_BASE } from './api-base';
import { getStoredToken, reportAuthProblem } from './auth-storage';
import { takeEarlyAnswer } from './early-answers';

export { API_BASE } from './api-base';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode | ClientErrorCode,
    readonly errors?: Record<string, string>,
    /** What else the answer carried (sign-in's two-factor challenge, a lost booking's times). */
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every call to the API goes through here (docs/product-rules.md#wire-contract): the Bearer token when one is stored,
 * JSON both ways, any 2xx is success. A failure becomes an ApiError whose text is the body's
 * `message`, else the transport's text, else 'An error occurred' (docs/texts.md).
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'GET' && token) {
    const early = await takeEarlyAnswer(path, token);
    options.signal?.throwIfAborted();
    if (early !== null) return parseAnswer(early) as T;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      error instanceof Error && error.message ? error.message : MESSAGES.genericError,
      0,
      'NETWORK_ERROR',
    );
  }

  // Not JSON: a file the API sends (a CSV export) is handed over as text.
  const data = parseAnswer(await response.text());
  if (!response.ok) throw errorFromAnswer(response.status, data, token !== null);
  return data as T;
}

/** A JSON answer's body, or the text as it came (a file, a proxy's page). */
export function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The ApiError for a failed answer: the body's `message` when it is the API's, else the status.
 * A refusal of a request that carried a token (401, or 403 with a code) goes to the session store
 * too, whichever way the request was made (fetch here, XMLHttpRequest for uploads).
 */
export function errorFromAnswer(status: number, data: unknown, hadToken: boolean): ApiError {
  const code = isErrorBody(data) ? data.code : undefined;
  if (hadToken && (status === 401 || (status === 403 && code))) {
    reportAuthProblem({ status, code });
  }
  if (isErrorBody(data)) {
    const {
      message,
      code: _code,
      errors,
      ...rest
    } = data as ApiErrorBody & Record<string, unknown>;
    return new ApiError(message, status, data.code, errors, rest);
  }
  return new ApiError(`Request failed with status code ${status}`, status);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/**
 * The text a screen shows for a failure (docs/texts.md): the server's own message, else the
 * screen's fallback ('Failed to delete user'), else 'An error occurred'. The transport's words
 * (no answer at all, or an answer without a `message`, such as a proxy's error page) are never
 * shown: they say nothing a person can act on.
 */
export function errorText(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return fallback;
  if (error.code === undefined && /^Request failed with status code \d+$/.test(error.message)) {
    return fallback;
  }
  return error.message || fallback;
}
