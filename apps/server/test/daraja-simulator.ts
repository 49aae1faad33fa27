import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DarajaSettings } from '../src/lib/daraja';

/** How a push ends, as the customer's phone would decide it. */
export type SimulatedOutcome = 'success' | 'cancelled' | 'timeout' | 'insufficient';
/**
 * When Daraja posts a push's outcome to its CallBackURL: `immediately` (right after answering the
 * push, as Daraja does once the customer acts), `never` (the callback is lost: the push is
 * completed at once, so only a query learns the outcome) or `manual` (the test calls
 * `sendCallback` or `complete`; until then the push is in progress).
 */
export type CallbackTiming = 'immediately' | 'never' | 'manual';

/** The ResultCode and ResultDesc Daraja gives each outcome (callback and query alike). */
export const SIMULATED_RESULTS: Record<SimulatedOutcome, { code: number; desc: string }> = {
  success: { code: 0, desc: 'The service request is processed successfully.' },
  cancelled: { code: 1032, desc: 'Request cancelled by user' },
  timeout: { code: 1037, desc: 'DS timeout user cannot be reached' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction' },
};

export interface SimulatedPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** The push's JSON body as received. */
  request: Record<string, unknown>;
  amount: number;
  /** 2547… / 2541…, as sent in PhoneNumber. */
  phone: string;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  timestamp: string;
  outcome: SimulatedOutcome;
  callback: CallbackTiming;
  /** The M-Pesa receipt of a successful push, e.g. "TKR4XYZ12A"; null for the others. */
  receiptNumber: string | null;
  /** Once true, queries answer the outcome instead of "being processed". */
  completed: boolean;
  completedAt: Date | null;
  /** Every callback posted for this push, with the app's answer (status null: not delivered). */
  callbacks: SentCallback[];
}

export interface SentCallback {
  url: string;
  body: unknown;
  status: number | null;
  answer: string;
  error: string | null;
}

export interface CallbackOverrides {
  amount?: number;
  receiptNumber?: string;
  resultCode?: number;
  resultDesc?: string;
  /** Forge the body's ids (the push addressed stays the one named). */
  checkoutRequestId?: string;
  merchantRequestId?: string;
  phone?: string;
  /** Post somewhere other than the push's CallBackURL. */
  url?: string;
  /** `sendCallback` completes the push first (default true); false posts without completing. */
  complete?: boolean;
}

export interface DarajaSimulatorOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  /** Seconds a token lives, written in `expires_in` as Daraja does ("3599"). */
  expiresInSeconds?: number;
  /** The callback timing of pushes with no `nextOutcome` of their own (default `immediately`). */
  callback?: CallbackTiming;
  /** The simulator's clock: token expiry and the Timestamp check (share it with the client's). */
  now?: () => Date;
  /** The port to listen on (default: a free one); a fixed one when the app is started first. */
  port?: number;
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** How far a request's Timestamp may be from the simulator's clock (a UTC one is 3 hours off). */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
const PHONE = /^254[17]\d{8}$/;

/**
 * yyyyMMddHHmmss on a Nairobi clock, computed as UTC+3 (Nairobi has no daylight saving): on
 * purpose not the client's Intl code, so that a mistake there shows here.
 */
function nairobiStamp(date: Date): string {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The instant a yyyyMMddHHmmss Nairobi Timestamp names, or null when it is no real time. */
function instantOfStamp(stamp: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  if (nairobiStamp(new Date(utc - NAIROBI_OFFSET_MS)) !== stamp) return null;
  return utc - NAIROBI_OFFSET_MS;
}

const digits = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : typeof value === 'string' && /^\d+$/.test(value)
      ? value
      : null;

function badRequest(field: string) {
  return {
    status: 400,
    body: { errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
  };
}

/**
 * A local Daraja (Lipa na M-Pesa Online), a real HTTP server on 127.0.0.1 written from Safaricom's
 * documented formats, driven by the tests:
 * - GET /oauth/v1/generate?grant_type=client_credentials with Basic key:secret issues a token
 *   (`{ access_token, expires_in: "3599" }`); wrong credentials answer 400 400.008.01. Tokens
 *   expire on the simulator's clock; `expireTokens()` revokes every one issued, so the next call
 *   gets Daraja's 401 404.001.03 "Invalid Access Token".
 * - POST /mpesa/stkpush/v1/processrequest checks the token, the shortcode, the Timestamp (a real
 *   Nairobi time within 5 minutes of the clock: stricter than Daraja is known to be, so a wrong
 *   zone fails here), the Password (a wrong one: Daraja's 500 500.001.1001 "Wrong credentials"),
 *   the transaction type, Amount (a whole number ≥ 1), the phones (2547…/2541…), PartyB,
 *   CallBackURL, AccountReference (≤ 12) and TransactionDesc (≤ 13): otherwise 400 400.002.02
 *   "Bad Request - Invalid <field>". Each accepted push is kept in `pushes`.
 * - POST /mpesa/stkpushquery/v1/query answers 500 500.001.1001 "The transaction is being
 *   processed" until the push is completed, then its ResultCode (as a string, as Daraja does);
 *   an unknown CheckoutRequestID answers 400 400.002.02 "Bad Request - Invalid CheckoutRequestID".
 * - `down(true)` answers every request with 503 (the port stays open; for a refused connection,
 *   point the client at `freePort()` from outbox-fakes.ts).
 */
export async function startDarajaSimulator(options: DarajaSimulatorOptions = {}) {
  const consumerKey = options.consumerKey ?? 'test-consumer-key';
  const consumerSecret = options.consumerSecret ?? 'test-consumer-secret';
  const shortcode = options.shortcode ?? '174379';
  const passkey = options.passkey ?? 'test-passkey-for-the-simulator';
  const expiresInSeconds = options.expiresInSeconds ?? 3599;
  const defaultCallback = options.callback ?? 'immediately';
  const now = options.now ?? (() => new Date());

  const tokens = new Map<string, { expiresAtMs: number; revoked: boolean }>();
  const pushes: SimulatedPush[] = [];
  const byCheckoutId = new Map<string, SimulatedPush>();
  const queryCounts = new Map<string, number>();
  const nextOutcomes: { outcome: SimulatedOutcome; callback: CallbackTiming }[] = [];
  const receipts = new Set<string>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const pendingCallbacks = new Set<Promise<unknown>>();
  const state = { down: false, tokenRequests: 0, sequence: 0 };

  function newReceipt(): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (;;) {
      let receipt = 'T';
      for (let i = 0; i < 9; i += 1) receipt += alphabet[randomInt(alphabet.length)];
      if (!receipts.has(receipt)) {
        receipts.add(receipt);
        return receipt;
      }
    }
  }

  function pushOf(checkoutRequestId: string): SimulatedPush {
    const push = byCheckoutId.get(checkoutRequestId);
    if (!push) throw new Error(`No push ${checkoutRequestId} in the Daraja simulator`);
    return push;
  }

  function complete(checkoutRequestId: string): SimulatedPush {
    const push = pushOf(checkoutRequestId);
    if (!push.completed) {
      push.completed = true;
      push.completedAt = now();
    }
    return push;
  }

  function callbackBody(checkoutRequestId: string, overrides: CallbackOverrides = {}) {
    const push = pushOf(checkoutRequestId);
    const truth = SIMULATED_RESULTS[push.outcome];
    const resultCode = overrides.resultCode ?? truth.code;
    const resultDesc =
      overrides.resultDesc ??
      (resultCode === truth.code
        ? truth.desc
        : (Object.values(SIMULATED_RESULTS).find((r) => r.code === resultCode)?.desc ??
          'Simulated result'));
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: overrides.merchantRequestId ?? push.merchantRequestId,
      CheckoutRequestID: overrides.checkoutRequestId ?? push.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: resultDesc,
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: overrides.amount ?? push.amount },
          {
            Name: 'MpesaReceiptNumber',
            Value: overrides.receiptNumber ?? push.receiptNumber ?? newReceipt(),
          },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiStamp(push.completedAt ?? now())) },
          { Name: 'PhoneNumber', Value: Number(overrides.phone ?? push.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  async function sendCallback(
    checkoutRequestId: string,
    overrides: CallbackOverrides = {},
  ): Promise<SentCallback> {
    const push = pushOf(checkoutRequestId);
    if (overrides.complete ?? true) complete(checkoutRequestId);
    const body = callbackBody(checkoutRequestId, overrides);
    const url = overrides.url ?? push.callbackUrl;
    const sent: SentCallback = { url, body, status: null, answer: '', error: null };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      sent.status = response.status;
      sent.answer = await response.text();
    } catch (error) {
      sent.error = error instanceof Error ? error.message : String(error);
    }
    push.callbacks.push(sent);
    return sent;
  }

  function tokenAnswer(request: IncomingMessage, url: URL) {
    state.tokenRequests += 1;
    if (request.method !== 'GET') return { status: 405, body: {} };
    const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 400,
        body: { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' },
      };
    }
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' },
      };
    }
    const token = randomUUID().replaceAll('-', '').slice(0, 28);
    tokens.set(token, { expiresAtMs: now().getTime() + expiresInSeconds * 1000, revoked: false });
    return { status: 200, body: { access_token: token, expires_in: String(expiresInSeconds) } };
  }

  function hasValidToken(request: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    return Boolean(token && !token.revoked && now().getTime() < token.expiresAtMs);
  }

  /** The checks the push and the query share: shortcode, Timestamp, Password. */
  function credentialProblem(body: Record<string, unknown>) {
    if (digits(body.BusinessShortCode) !== shortcode) return badRequest('BusinessShortCode');
    const timestamp = typeof body.Timestamp === 'string' ? body.Timestamp : '';
    const instant = instantOfStamp(timestamp);
    if (instant === null || Math.abs(instant - now().getTime()) > TIMESTAMP_TOLERANCE_MS) {
      return badRequest('Timestamp');
    }
    const password = Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
    if (body.Password !== password) {
      return {
        status: 500,
        body: { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' },
      };
    }
    return null;
  }

  function pushAnswer(body: Record<string, unknown>) {
    const problem = credentialProblem(body);
    if (problem) return problem;
    if (
      body.TransactionType !== 'CustomerPayBillOnline' &&
      body.TransactionType !== 'CustomerBuyGoodsOnline'
    ) {
      return badRequest('TransactionType');
    }
    const amount = Number(digits(body.Amount) ?? NaN);
    if (!Number.isSafeInteger(amount) || amount < 1) return badRequest('Amount');
    const partyA = digits(body.PartyA);
    if (!partyA || !PHONE.test(partyA)) return badRequest('PartyA');
    const phone = digits(body.PhoneNumber);
    if (!phone || !PHONE.test(phone)) return badRequest('PhoneNumber');
    if (digits(body.PartyB) !== shortcode) return badRequest('PartyB');
    let callbackUrl: URL | null = null;
    try {
      callbackUrl = new URL(String(body.CallBackURL));
    } catch {
      callbackUrl = null;
    }
    if (!callbackUrl || !/^https?:$/.test(callbackUrl.protocol)) return badRequest('CallBackURL');
    const reference = body.AccountReference;
    if (typeof reference !== 'string' || reference.length < 1 || reference.length > 12) {
      return badRequest('AccountReference');
    }
    const description = body.TransactionDesc;
    if (typeof description !== 'string' || description.length < 1 || description.length > 13) {
      return badRequest('TransactionDesc');
    }

    state.sequence += 1;
    const chosen = nextOutcomes.shift() ?? { outcome: 'success', callback: defaultCallback };
    const sequence = String(state.sequence).padStart(6, '0');
    const push: SimulatedPush = {
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(1_000_000, 9_999_999)}-1`,
      checkoutRequestId: `ws_CO_${nairobiStamp(now())}${sequence}`,
      request: body,
      amount,
      phone,
      accountReference: reference,
      transactionDesc: description,
      callbackUrl: callbackUrl.toString(),
      timestamp: String(body.Timestamp),
      outcome: chosen.outcome,
      callback: chosen.callback,
      receiptNumber: chosen.outcome === 'success' ? newReceipt() : null,
      completed: false,
      completedAt: null,
      callbacks: [],
    };
    pushes.push(push);
    byCheckoutId.set(push.checkoutRequestId, push);
    if (push.callback === 'never') complete(push.checkoutRequestId);
    return {
      status: 200,
      body: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      },
      push,
    };
  }

  function queryAnswer(body: Record<string, unknown>) {
    const problem = credentialProblem(body);
    if (problem) return problem;
    const id = typeof body.CheckoutRequestID === 'string' ? body.CheckoutRequestID : '';
    queryCounts.set(id, (queryCounts.get(id) ?? 0) + 1);
    const push = byCheckoutId.get(id);
    if (!push) return badRequest('CheckoutRequestID');
    if (!push.completed) {
      return {
        status: 500,
        body: { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
      };
    }
    const result = SIMULATED_RESULTS[push.outcome];
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(result.code),
        ResultDesc: result.desc,
      },
    };
  }

  function answer(
    response: ServerResponse,
    { status, body }: { status: number; body: Record<string, unknown> },
  ) {
    // Daraja's errors carry a requestId beside errorCode and errorMessage.
    const payload = 'errorCode' in body ? { requestId: randomUUID(), ...body } : body;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method: request.method ?? '', path: url.pathname, body });
      if (state.down) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      if (url.pathname === '/oauth/v1/generate') {
        answer(response, tokenAnswer(request, url));
        return;
      }
      const isPush = url.pathname === '/mpesa/stkpush/v1/processrequest';
      const isQuery = url.pathname === '/mpesa/stkpushquery/v1/query';
      if (!(isPush || isQuery) || request.method !== 'POST') {
        answer(response, {
          status: 404,
          body: { errorCode: '404.001.01', errorMessage: 'Resource not found' },
        });
        return;
      }
      if (!hasValidToken(request)) {
        answer(response, {
          status: 401,
          body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
        });
        return;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        answer(response, badRequest('JSON'));
        return;
      }
      const fields = body as Record<string, unknown>;
      if (isQuery) {
        answer(response, queryAnswer(fields));
        return;
      }
      const result = pushAnswer(fields);
      const push = 'push' in result ? result.push : undefined;
      if (push?.callback === 'immediately') {
        // After the answer, as Daraja: the outcome follows the acknowledgement. Counted as pending
        // from now, so that `close()` waits for it even if the client has its answer first.
        const answered = new Promise<void>((resolve) => {
          response.once('finish', resolve);
          response.once('close', resolve);
        });
        const sending = answered
          .then(() => sendCallback(push.checkoutRequestId))
          .finally(() => pendingCallbacks.delete(sending));
        pendingCallbacks.add(sending);
      }
      answer(response, result);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    /** Client settings that match this simulator. */
    settings: (overrides: Partial<DarajaSettings> = {}): DarajaSettings => ({
      baseUrl: url,
      consumerKey,
      consumerSecret,
      shortcode,
      passkey,
      transactionType: 'CustomerPayBillOnline',
      callbackSecret: 'simulator-callback-secret',
      ...overrides,
    }),
    /** Every request received, in order (path and parsed body). */
    requests,
    /** Every accepted push, in order. */
    pushes,
    push: pushOf,
    /** How many token requests arrived (right or wrong credentials). */
    get tokenRequests() {
      return state.tokenRequests;
    },
    /** How many queries named this CheckoutRequestID (known or not). */
    queries: (checkoutRequestId: string) => queryCounts.get(checkoutRequestId) ?? 0,
    /** The outcome (and callback timing) of the next push; queued, one per push. */
    nextOutcome(outcome: SimulatedOutcome, timing: { callback?: CallbackTiming } = {}) {
      nextOutcomes.push({ outcome, callback: timing.callback ?? defaultCallback });
    },
    /** Revokes every token issued so far: the next call with one answers 401. */
    expireTokens() {
      for (const token of tokens.values()) token.revoked = true;
    },
    /** The push ends now (queries answer its outcome) with no callback sent. */
    complete,
    callbackBody,
    sendCallback,
    /** true: every request is answered 503 Service Unavailable; false: back to normal. */
    down(isDown: boolean) {
      state.down = isDown;
    },
    async close() {
      await Promise.allSettled([...pendingCallbacks]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type DarajaSimulator = Awaited<ReturnType<typeof startDarajaSimulator>>;
