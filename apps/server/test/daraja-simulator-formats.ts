/**
 * Safaricom Daraja's formats as the local Daraja (daraja-simulator.ts) speaks them: what a push
 * holds, the results Daraja gives each outcome, Nairobi Timestamps, and its 400 answer.
 */

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
  /** The API operator Transaction Status accepts (MPESA_INITIATOR_NAME) and its credential. */
  initiatorName?: string;
  securityCredential?: string;
  /** The port to listen on (default: a free one); a fixed one when the app is started first. */
  port?: number;
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** How far a request's Timestamp may be from the simulator's clock (a UTC one is 3 hours off). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
export const PHONE = /^254[17]\d{8}$/;

/**
 * yyyyMMddHHmmss on a Nairobi clock, computed as UTC+3 (Nairobi has no daylight saving): on
 * purpose not the client's Intl code, so that a mistake there shows here.
 */
export function nairobiStamp(date: Date): string {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The instant a yyyyMMddHHmmss Nairobi Timestamp names, or null when it is no real time. */
export function instantOfStamp(stamp: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  if (nairobiStamp(new Date(utc - NAIROBI_OFFSET_MS)) !== stamp) return null;
  return utc - NAIROBI_OFFSET_MS;
}

export const digits = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : typeof value === 'string' && /^\d+$/.test(value)
      ? value
      : null;

export function badRequest(field: string) {
  return {
    status: 400,
    body: { errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` },
  };
}
