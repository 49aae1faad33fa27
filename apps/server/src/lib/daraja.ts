import { FIRM_TIME_ZONE, toKenyanE164 } from '@firm/shared';
import {
  DarajaRefused,
  DarajaUnavailable,
  errorOf,
  text,
  throwIfFailed,
  type DarajaAnswer,
} from './daraja-errors';
import {
  pullStamp,
  readPullPage,
  type PullPage,
  type PullQueryInput,
  type PullRegisterInput,
} from './daraja-pull';

/**
 * A thin client of Safaricom Daraja's Lipa na M-Pesa Online (STK push) API: OAuth token, push,
 * push query, and the callback's parser. Written on fetch because no npm client of Daraja is kept
 * up to date, and the sandbox and the tests' simulator (test/daraja-simulator.ts) need another
 * base address. What the app may trust, and when, is docs/decisions/034-mpesa-daraja.md: a
 * payment is recorded from `stkQuery`, never from a callback alone.
 */

export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';
export const DARAJA_LIVE_URL = 'https://api.safaricom.co.ke';

export const DARAJA_TRANSACTION_TYPES = [
  'CustomerPayBillOnline',
  'CustomerBuyGoodsOnline',
] as const;
export type DarajaTransactionType = (typeof DARAJA_TRANSACTION_TYPES)[number];

export interface DarajaSettings {
  /** The sandbox's address (the default), the live one, or a test simulator's; no trailing slash. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill or till shortcode (5–7 digits): BusinessShortCode and PartyB. */
  shortcode: string;
  /** The Lipa na M-Pesa Online passkey Safaricom issues for the shortcode. */
  passkey: string;
  transactionType: DarajaTransactionType;
  /** The secret part of the callback address (`callbackPath`). */
  callbackSecret: string;
  /**
   * The API operator that asks Transaction Status (MPESA_INITIATOR_NAME and its encrypted
   * MPESA_SECURITY_CREDENTIAL); absent: paybill payments cannot be confirmed (ADR 047).
   */
  initiator?: { name: string; securityCredential: string };
  /** The Safaricom number on the shortcode's KYC, for the Pull Transactions registration. */
  pullNominatedNumber?: string;
}

/** Daraja's limits on the texts of a push (longer ones are refused, or cut on the phone). */
export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

export interface StkPushInput {
  /** A Kenyan mobile number: 07…, 01…, +254… or 254…. */
  phone: string;
  /** Whole shillings, at least 1 (M-Pesa moves no cents). */
  amountKsh: number;
  /** What the payment is for on M-Pesa's statement (the fee note's number): 1–12 characters. */
  accountReference: string;
  /** Shown on the PIN prompt; cut to 13 characters (Daraja's limit). */
  description: string;
  /** The full https address of this app's callback (`publicUrl + callbackPath(secret)`). */
  callbackUrl: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export type StkQueryResult =
  | { state: 'succeeded'; resultCode: 0; resultDesc: string }
  /**
   * 1032 cancelled by the user, 1037 phone unreachable or no answer, 1 insufficient balance,
   * 2001 wrong PIN, …
   */
  | { state: 'failed'; resultCode: number; resultDesc: string }
  /** The customer has not finished yet (or M-Pesa has not): ask again later. */
  | { state: 'pending' };

export interface TransactionStatusInput {
  /** The M-Pesa receipt (TransID) asked about. */
  transactionId: string;
  /** Where Daraja posts the asynchronous Result, and where it posts when it timed out. */
  resultUrl: string;
  queueTimeoutUrl: string;
  /** 1–100 characters, Daraja's limit. */
  remarks: string;
  occasion?: string;
}

export interface TransactionStatusAccepted {
  originatorConversationId: string;
  conversationId: string;
}

export interface DarajaClient {
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /**
   * Asks M-Pesa about one transaction (ADR 047): the answer is only Daraja's acceptance; the
   * Result is posted later to `resultUrl`. Throws RangeError without an initiator.
   */
  transactionStatus(input: TransactionStatusInput): Promise<TransactionStatusAccepted>;
  /**
   * Registers the paybill's confirmation and validation addresses (C2B Register URL, ADR 048);
   * `responseType` is what M-Pesa does when the validation address does not answer.
   */
  registerC2bUrls(input: RegisterC2bUrlsInput): Promise<{ responseDescription: string }>;
  /** Registers the shortcode for Pull Transactions, once (ADR 054; "already registered" is fine). */
  registerPull(input: PullRegisterInput): Promise<{ responseDescription: string }>;
  /** One page of the paybill's transactions between two instants (ADR 054). */
  pullTransactions(input: PullQueryInput): Promise<PullPage>;
}

export interface RegisterC2bUrlsInput {
  responseType: 'Completed' | 'Cancelled';
  confirmationUrl: string;
  validationUrl: string;
}

export interface DarajaClientOptions {
  /** The clock for the Timestamp and the token's expiry (tests freeze it). */
  now?: () => Date;
  /** How long one HTTP call may take. */
  timeoutMs?: number;
}

/**
 * The paybill or till the pushes pay (MPESA_SHORTCODE), as the firm's M-Pesa number is shown:
 * with paying from the portal set up, it is the one number shown anywhere (ADR 034, "One
 * paybill"), whatever System Settings hold.
 */
export function configuredMpesaNumber(
  settings: Pick<DarajaSettings, 'shortcode' | 'transactionType'> | undefined,
): { kind: 'paybill' | 'till'; number: string } | null {
  if (!settings) return null;
  return {
    kind: settings.transactionType === 'CustomerBuyGoodsOnline' ? 'till' : 'paybill',
    number: settings.shortcode,
  };
}

/** Where Daraja posts a push's outcome. The secret keeps strangers from posting there at will. */
export function callbackPath(secret: string): string {
  return `/api/mpesa/callback/${secret}`;
}

/** A Kenyan mobile number as Daraja wants it (2547XXXXXXXX, 2541XXXXXXXX), or null. */
export function toDarajaPhone(input: string): string | null {
  const e164 = toKenyanE164(input);
  return e164 ? e164.slice(1) : null;
}

const nairobiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Daraja's Timestamp: yyyyMMddHHmmss on a Nairobi clock (a UTC one is 3 hours wrong). */
export function darajaTimestamp(date: Date): string {
  const parts = nairobiClock.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** Renew the token this long before Daraja says it expires, so no call carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;
/**
 * Daraja usually answers within a few seconds; the push is made while the client waits on the
 * Pay button, so a stuck call must end well before the browser gives up.
 */
const DEFAULT_TIMEOUT_MS = 20_000;

/** The query's "not finished yet", also an HTTP 500 with errorCode 500.001.1001. */
const PENDING_MESSAGE = /being processed/i;

export function createDarajaClient(
  settings: DarajaSettings,
  options: DarajaClientOptions = {},
): DarajaClient {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = settings.baseUrl.replace(/\/+$/, '');
  let cached: { token: string; renewAtMs: number } | null = null;
  let inFlight: Promise<string> | null = null;

  /** One HTTP call; every failure to get an answer becomes DarajaUnavailable. */
  async function call(path: string, init: RequestInit): Promise<DarajaAnswer> {
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      // Only the kind of failure: a fetch error may quote the request, which carries secrets.
      const name = error instanceof Error ? error.name : 'Error';
      throw new DarajaUnavailable(
        name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `network error (${name})`,
      );
    }
    let json: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's page, an empty body): the status decides.
    }
    return { status: response.status, json };
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString(
      'base64',
    );
    const answer = await call('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
    });
    throwIfFailed(answer);
    const token = text(answer.json?.access_token);
    const expiresIn = Number(text(answer.json?.expires_in));
    if (!token || !Number.isFinite(expiresIn)) {
      throw new DarajaUnavailable('unreadable token answer');
    }
    cached = { token, renewAtMs: now().getTime() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return token;
  }

  /** The cached token while it is fresh; otherwise one request shared by every caller. */
  function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.renewAtMs) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** A POST with the token; a 401 (token revoked or expired early) is retried once with a new one. */
  async function post(path: string, payload: Record<string, unknown>): Promise<DarajaAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await accessToken();
      const answer = await call(path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(payload),
      });
      if (answer.status !== 401 || attempt > 1) return answer;
      if (cached?.token === token) cached = null;
    }
  }

  /** Daraja's Password: base64(shortcode + passkey + Timestamp), with that same Timestamp. */
  function credentials() {
    const timestamp = darajaTimestamp(now());
    return {
      BusinessShortCode: settings.shortcode,
      Password: Buffer.from(`${settings.shortcode}${settings.passkey}${timestamp}`).toString(
        'base64',
      ),
      Timestamp: timestamp,
    };
  }

  return {
    async stkPush({ phone, amountKsh, accountReference, description, callbackUrl }) {
      const msisdn = toDarajaPhone(phone);
      if (!msisdn) throw new RangeError('phone must be a Kenyan mobile number');
      if (!Number.isInteger(amountKsh) || amountKsh < 1) {
        throw new RangeError('amountKsh must be a whole number of shillings, at least 1');
      }
      if (accountReference.length < 1 || accountReference.length > ACCOUNT_REFERENCE_MAX) {
        // Not cut: the reference is what the firm reconciles the payment by.
        throw new RangeError(`accountReference must be 1 to ${ACCOUNT_REFERENCE_MAX} characters`);
      }
      const answer = await post('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: settings.transactionType,
        Amount: amountKsh,
        PartyA: msisdn,
        PartyB: settings.shortcode,
        PhoneNumber: msisdn,
        CallBackURL: callbackUrl,
        AccountReference: accountReference,
        TransactionDesc: description.slice(0, TRANSACTION_DESC_MAX),
      });
      throwIfFailed(answer);
      const json = answer.json;
      const merchantRequestId = text(json?.MerchantRequestID);
      const checkoutRequestId = text(json?.CheckoutRequestID);
      if (!merchantRequestId || !checkoutRequestId) {
        throw new DarajaUnavailable('unreadable push answer');
      }
      return {
        merchantRequestId,
        checkoutRequestId,
        customerMessage: text(json?.CustomerMessage) ?? text(json?.ResponseDescription) ?? '',
      };
    },

    async stkQuery(checkoutRequestId) {
      const answer = await post('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (answer.status >= 500) {
        const { code, message } = errorOf(answer);
        if (code === '500.001.1001' && PENDING_MESSAGE.test(message)) return { state: 'pending' };
      }
      throwIfFailed(answer);
      const resultCode = Number(text(answer.json?.ResultCode) ?? NaN);
      const resultDesc = text(answer.json?.ResultDesc) ?? '';
      if (!Number.isInteger(resultCode)) throw new DarajaUnavailable('unreadable query answer');
      return resultCode === 0
        ? { state: 'succeeded', resultCode: 0, resultDesc }
        : { state: 'failed', resultCode, resultDesc };
    },

    async transactionStatus({ transactionId, resultUrl, queueTimeoutUrl, remarks, occasion }) {
      if (!settings.initiator) throw new RangeError('no initiator for Transaction Status');
      const answer = await post('/mpesa/transactionstatus/v1/query', {
        Initiator: settings.initiator.name,
        SecurityCredential: settings.initiator.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: transactionId,
        PartyA: settings.shortcode,
        // 4: the organisation's shortcode.
        IdentifierType: '4',
        ResultURL: resultUrl,
        QueueTimeOutURL: queueTimeoutUrl,
        Remarks: remarks.slice(0, 100),
        Occasion: (occasion ?? '').slice(0, 100),
      });
      throwIfFailed(answer);
      const originatorConversationId = text(answer.json?.OriginatorConversationID);
      const conversationId = text(answer.json?.ConversationID);
      if (!originatorConversationId || !conversationId) {
        throw new DarajaUnavailable('unreadable Transaction Status answer');
      }
      return { originatorConversationId, conversationId };
    },

    async registerC2bUrls({ responseType, confirmationUrl, validationUrl }) {
      const answer = await post('/mpesa/c2b/v1/registerurl', {
        ShortCode: settings.shortcode,
        ResponseType: responseType,
        ConfirmationURL: confirmationUrl,
        ValidationURL: validationUrl,
      });
      throwIfFailed(answer);
      return { responseDescription: text(answer.json?.ResponseDescription) ?? '' };
    },

    // Pull Transactions answers 1000/1001 where the rest of Daraja says "0" (lib/daraja-pull.ts).
    async registerPull({ nominatedNumber, callbackUrl }) {
      const answer = await post('/pulltransactions/v1/register', {
        ShortCode: settings.shortcode,
        RequestType: 'Pull',
        NominatedNumber: nominatedNumber,
        CallBackURL: callbackUrl,
      });
      throwIfFailed({ ...answer, json: null });
      const status = text(answer.json?.ResponseStatus) ?? text(answer.json?.['Response Status']);
      const description = text(answer.json?.ResponseDescription) ?? '';
      if (status !== '1000' && status !== '1001') {
        throw new DarajaRefused(description || `ResponseStatus ${status}`, status);
      }
      return { responseDescription: description };
    },

    async pullTransactions({ from, to, offset }) {
      const answer = await post('/pulltransactions/v1/query', {
        ShortCode: settings.shortcode,
        StartDate: pullStamp(from),
        EndDate: pullStamp(to),
        OffSetValue: String(offset),
      });
      throwIfFailed({ ...answer, json: answer.status >= 300 ? answer.json : null });
      const page = readPullPage(answer.json);
      if (!page) throw new DarajaUnavailable('unreadable Pull Transactions answer');
      return page;
    },
  };
}

export { DarajaRefused, DarajaUnavailable, text } from './daraja-errors';
// Daraja's STK callback is read in its own file (kept small, as the house asks).
export { parseStkCallback, type StkCallback } from './daraja-stk-callback';
