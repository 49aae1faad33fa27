/** Daraja's answers sorted into unavailable (may pass later) and refused (will not). */

/**
 * Daraja could not be reached or could not answer now (network error, timeout, 5xx, 429): the
 * same request may pass later. From `stkPush` it also means the push may or may not have gone.
 */
export class DarajaUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`M-Pesa (Daraja) unavailable: ${reason}`);
    this.name = 'DarajaUnavailable';
  }
}

/** Daraja answered and said no (4xx, a ResponseCode other than "0"): trying again cannot help. */
export class DarajaRefused extends Error {
  constructor(
    /** Daraja's own words (errorMessage or ResponseDescription). */
    readonly reason: string,
    /** Daraja's errorCode (e.g. "400.002.02") or ResponseCode, when it gave one. */
    readonly code: string | null,
  ) {
    super(`M-Pesa (Daraja) refused: ${reason}`);
    this.name = 'DarajaRefused';
  }
}

export interface DarajaAnswer {
  status: number;
  /** The parsed JSON body; null when the body was not JSON. */
  json: Record<string, unknown> | null;
}

export const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Daraja's error body is `{ requestId, errorCode, errorMessage }`. */
export function errorOf(answer: DarajaAnswer): { code: string | null; message: string } {
  return {
    code: text(answer.json?.errorCode),
    message: text(answer.json?.errorMessage) ?? `HTTP ${answer.status}`,
  };
}

/**
 * Daraja answers some refusals with HTTP 500 and errorCode 500.001.1001 (a wrong Password is
 * "Wrong credentials"; an unknown shortcode "Merchant does not exist"): no retry can mend those.
 */
const PERMANENT_500 = /credentials|does not exist/i;

/** Sorts a failed answer into unavailable (may pass later) or refused (will not). */
export function throwIfFailed(answer: DarajaAnswer): void {
  const { status } = answer;
  if (status >= 500 || status === 429) {
    const { code, message } = errorOf(answer);
    if (code === '500.001.1001' && PERMANENT_500.test(message)) {
      throw new DarajaRefused(message, code);
    }
    throw new DarajaUnavailable(code ? `${message} (${code})` : message);
  }
  if (status >= 400) {
    const { code, message } = errorOf(answer);
    throw new DarajaRefused(message, code);
  }
  if (status < 200 || status >= 300) throw new DarajaUnavailable(`HTTP ${status}`);
  // A 200 of the push or the query says whether Daraja took the request in ResponseCode.
  const responseCode = text(answer.json?.ResponseCode);
  if (responseCode !== null && responseCode !== '0') {
    throw new DarajaRefused(
      text(answer.json?.ResponseDescription) ?? `ResponseCode ${responseCode}`,
      responseCode,
    );
  }
}
