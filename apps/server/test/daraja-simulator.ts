import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DarajaSettings } from '../src/lib/daraja';
import { badRequest, type DarajaSimulatorOptions } from './daraja-simulator-formats';
import { createDarajaOAuth } from './daraja-simulator-oauth';
import { createC2b } from './daraja-simulator-c2b';
import { createPullTransactions } from './daraja-simulator-pull';
import { createRegisterUrl } from './daraja-simulator-register';
import { createStkPush } from './daraja-simulator-stk-push';

export {
  SIMULATED_RESULTS,
  type CallbackOverrides,
  type CallbackTiming,
  type DarajaSimulatorOptions,
  type SentCallback,
  type SimulatedOutcome,
  type SimulatedPush,
} from './daraja-simulator-formats';

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
 * - POST /mpesa/transactionstatus/v1/query (daraja-simulator-c2b.ts) checks the Initiator,
 *   SecurityCredential, CommandID, TransactionID, PartyA (the shortcode), IdentifierType 4, the
 *   ResultURL and QueueTimeOutURL, Remarks and Occasion (otherwise 400 400.002.02), answers the
 *   acknowledgement, then posts the Result to the ResultURL: the payment M-Pesa knows (`c2b.
 *   payPaybill`, `c2b.knowAs`) or "does not exist"; a wrong initiator gets ResultCode 2001.
 * - POST /pulltransactions/v1/register and /pulltransactions/v1/query (daraja-simulator-pull.ts):
 *   the shortcode registered once, and every paybill payment made listed for 48 hours, paged.
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
  const initiatorName = options.initiatorName ?? 'testapi';
  const securityCredential = options.securityCredential ?? 'simulated-security-credential';

  const oauth = createDarajaOAuth({ consumerKey, consumerSecret, expiresInSeconds, now });
  const stk = createStkPush({ shortcode, passkey, defaultCallback, now });
  const { tokenAnswer, hasValidToken } = oauth;
  const { pushAnswer, queryAnswer, sendCallback } = stk;
  const pull = createPullTransactions({ shortcode, now });
  const c2b = createC2b({
    shortcode,
    initiatorName,
    securityCredential,
    now,
    onPaid: pull.listPayment,
  });
  const registerUrl = createRegisterUrl({ shortcode });
  const requests: { method: string; path: string; body: unknown }[] = [];
  const pendingCallbacks = new Set<Promise<unknown>>();
  const state = { down: false };

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
      const isStatus = url.pathname === '/mpesa/transactionstatus/v1/query';
      const isRegister = url.pathname === '/mpesa/c2b/v1/registerurl';
      const isPullRegister = url.pathname === '/pulltransactions/v1/register';
      const isPull = url.pathname === '/pulltransactions/v1/query';
      const known = isPush || isQuery || isStatus || isRegister || isPullRegister || isPull;
      if (!known || request.method !== 'POST') {
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
      if (isRegister) {
        answer(response, registerUrl.registerAnswer(fields));
        return;
      }
      if (isPullRegister || isPull) {
        answer(response, isPull ? pull.queryAnswer(fields) : pull.registerAnswer(fields));
        return;
      }
      if (isQuery) {
        answer(response, queryAnswer(fields));
        return;
      }
      if (isStatus) {
        const status = c2b.statusAnswer(fields);
        if ('question' in status && c2b.timing === 'immediately') {
          // After the acknowledgement, as Daraja: M-Pesa's answer follows.
          const answered = new Promise<void>((resolve) => {
            response.once('finish', resolve);
            response.once('close', resolve);
          });
          const sending = answered
            .then(() => c2b.sendResult(status.question))
            .finally(() => pendingCallbacks.delete(sending));
          pendingCallbacks.add(sending);
        }
        answer(response, status);
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
      initiator: { name: initiatorName, securityCredential },
      ...overrides,
    }),
    /** Every request received, in order (path and parsed body). */
    requests,
    /** Every accepted push, in order. */
    pushes: stk.pushes,
    push: stk.pushOf,
    /** How many token requests arrived (right or wrong credentials). */
    get tokenRequests() {
      return oauth.tokenRequests;
    },
    queries: stk.queries,
    nextOutcome: stk.nextOutcome,
    expireTokens: oauth.expireTokens,
    /** The push ends now (queries answer its outcome) with no callback sent. */
    complete: stk.complete,
    callbackBody: stk.callbackBody,
    sendCallback,
    /** The paybill: payments customers make, Transaction Status questions and their Results. */
    c2b,
    /** The C2B Register URL calls: what was registered last (daraja-simulator-register.ts). */
    registerUrl,
    /** Pull Transactions: the paybill's list, its registration and queries (daraja-simulator-pull.ts). */
    pull,
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
