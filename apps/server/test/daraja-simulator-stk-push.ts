import { randomInt } from 'node:crypto';
import {
  badRequest,
  digits,
  instantOfStamp,
  nairobiStamp,
  PHONE,
  SIMULATED_RESULTS,
  TIMESTAMP_TOLERANCE_MS,
  type CallbackOverrides,
  type CallbackTiming,
  type SentCallback,
  type SimulatedOutcome,
  type SimulatedPush,
} from './daraja-simulator-formats';

/**
 * The local Daraja's Lipa na M-Pesa Online API (daraja-simulator.ts): the STK push, its query,
 * and the callback that tells a push's outcome, with the pushes they keep.
 */
export function createStkPush(options: {
  shortcode: string;
  passkey: string;
  defaultCallback: CallbackTiming;
  now: () => Date;
}) {
  const { shortcode, passkey, defaultCallback, now } = options;
  const pushes: SimulatedPush[] = [];
  const byCheckoutId = new Map<string, SimulatedPush>();
  const queryCounts = new Map<string, number>();
  const nextOutcomes: { outcome: SimulatedOutcome; callback: CallbackTiming }[] = [];
  const receipts = new Set<string>();
  const state = { sequence: 0 };

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

  return {
    pushes,
    pushOf,
    complete,
    callbackBody,
    sendCallback,
    pushAnswer,
    queryAnswer,
    /** How many queries named this CheckoutRequestID (known or not). */
    queries: (checkoutRequestId: string) => queryCounts.get(checkoutRequestId) ?? 0,
    /** The outcome (and callback timing) of the next push; queued, one per push. */
    nextOutcome(outcome: SimulatedOutcome, timing: { callback?: CallbackTiming } = {}) {
      nextOutcomes.push({ outcome, callback: timing.callback ?? defaultCallback });
    },
  };
}
