import { OSCU_SUCCESS } from '@firm/shared';

/**
 * KRA eTIMS' online sales control unit, OSCU (ADR 049): each call is a POST of JSON to the base
 * address followed by the call's name (`…/selectInitOsdcInfo`). Every body names the firm (`tin`)
 * and branch (`bhfId`); after initialisation the communication key KRA gave (`cmcKey`) travels in
 * the headers with them. KRA answers `{ resultCd, resultMsg, resultDt, data }`: `000` is success,
 * any other code a refusal. Written on fetch: KRA publishes no client for Node.js.
 */

export const ETIMS_SANDBOX_URL = 'https://etims-api-sbx.kra.go.ke/etims-api';

export interface EtimsSettings {
  baseUrl: string;
  /** The firm's KRA PIN (`tin`). */
  pin: string;
  /** The branch (`bhfId`), `00` for the head office. */
  branchId: string;
  /** The device serial KRA issued (`dvcSrlNo`). */
  deviceSerial: string;
}

export interface OscuAnswer<T = unknown> {
  resultCd: string;
  resultMsg: string;
  resultDt?: string;
  data?: T | null;
}

/**
 * KRA could not be reached or could not answer (network error, timeout, a status other than
 * 200, a body that is not KRA's answer): the call is tried again later, never counted refused.
 */
export class OscuUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`KRA eTIMS unavailable: ${reason}`);
    this.name = 'OscuUnavailableError';
  }
}

export interface OscuClient {
  /**
   * POSTs `body` (with `tin` and `bhfId`) to `name`; resolves with KRA's answer, success or
   * refusal; throws OscuUnavailableError when there is no answer to read.
   */
  call<T = unknown>(name: string, body: object, cmcKey?: string | null): Promise<OscuAnswer<T>>;
}

const DEFAULT_TIMEOUT_MS = 20_000;

export const isOscuSuccess = (answer: OscuAnswer) => answer.resultCd === OSCU_SUCCESS;

export function createOscuClient(
  settings: EtimsSettings,
  options: { timeoutMs?: number } = {},
): OscuClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async call<T>(name: string, body: object, cmcKey?: string | null) {
      let response: Response;
      try {
        response = await fetch(`${settings.baseUrl}/${name}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            tin: settings.pin,
            bhfId: settings.branchId,
            ...(cmcKey ? { cmcKey } : {}),
          },
          body: JSON.stringify({ tin: settings.pin, bhfId: settings.branchId, ...body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // Only the kind of failure: a fetch error may quote the request, and the key with it.
        const kind = error instanceof Error ? error.name : 'Error';
        throw new OscuUnavailableError(
          kind === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `network error (${kind})`,
        );
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new OscuUnavailableError(`HTTP ${response.status}`);
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch {
        throw new OscuUnavailableError('an answer that is not JSON');
      }
      const parsed = answer as Partial<OscuAnswer<T>> | null;
      if (!parsed || typeof parsed.resultCd !== 'string') {
        throw new OscuUnavailableError('an answer without resultCd');
      }
      return {
        resultCd: parsed.resultCd,
        resultMsg: typeof parsed.resultMsg === 'string' ? parsed.resultMsg : '',
        ...(parsed.resultDt ? { resultDt: parsed.resultDt } : {}),
        data: parsed.data ?? null,
      };
    },
  };
}
