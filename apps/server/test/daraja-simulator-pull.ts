import { randomUUID } from 'node:crypto';
import { badRequest } from './daraja-simulator-formats';

/**
 * The local Daraja's Pull Transactions API (ADR 054), written from Safaricom's documentation
 * (developer.safaricom.co.ke/apis/PullTransaction):
 * - POST /pulltransactions/v1/register `{ ShortCode, RequestType: "Pull", NominatedNumber,
 *   CallBackURL }` answers `{ ResponseRefID, ResponseStatus: "1000", ShortCode,
 *   ResponseDescription: "Shortcode Registered Successfully" }`, and "1001" "ShortCode already
 *   Registered" afterwards.
 * - POST /pulltransactions/v1/query `{ ShortCode, StartDate, EndDate, OffSetValue }` (dates
 *   "yyyy-MM-dd HH:mm[:ss]" on a Nairobi clock) answers `{ ResponseRefID, ResponseCode: "1000",
 *   ResponseMessage: "Success", Response: [[ { transactionId, trxDate, msisdn, sender,
 *   transactiontype, billreference, amount, organizationname } ]] }` (the list nested twice, as
 *   documented), from the row OffSetValue on, `pageSize` rows at most; "1001" with `[[]]` when the
 *   period has none. Only the last 48 hours are kept, as Daraja says.
 * Every paybill payment the C2B side makes (`c2b.payPaybill`) is listed; `lose` keeps a payment
 * M-Pesa made without its confirmation reaching the app, and `reverse` lists M-Pesa's reversal.
 */

export interface PullItem {
  transactionId: string;
  trxDate: string;
  msisdn: number;
  sender: string;
  transactiontype: string;
  billreference: string;
  amount: string;
  organizationname: string;
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const KEPT_MS = 48 * 60 * 60_000;

/** A Nairobi "yyyy-MM-dd HH:mm[:ss]" as an instant; null when it is not one. */
function readStamp(value: unknown): Date | null {
  const match = typeof value === 'string' ? STAMP.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const instant = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 3, Number(mi), Number(s ?? 0)),
  );
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function createPullTransactions(options: { shortcode: string; now: () => Date }) {
  const { shortcode, now } = options;
  const items: { item: PullItem; at: Date }[] = [];
  const state = { registered: null as Record<string, unknown> | null, registrations: 0 };
  const queries: Record<string, unknown>[] = [];
  const settings = { pageSize: 100 };

  function list(item: Omit<PullItem, 'organizationname'>, at: Date) {
    items.push({ item: { ...item, organizationname: 'Mwamba and Associates' }, at });
  }

  /** M-Pesa lists a paybill payment (called by the C2B side for every payment made). */
  function listPayment(payment: {
    transId: string;
    amountKsh: number;
    accountNumber: string;
    payer: string;
    at: Date;
  }) {
    list(
      {
        transactionId: payment.transId,
        trxDate: payment.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        msisdn: 254712345678,
        sender: payment.payer,
        transactiontype: 'c2b-pay-bill-debit',
        billreference: payment.accountNumber,
        amount: `${payment.amountKsh}.00`,
      },
      payment.at,
    );
  }

  /** M-Pesa reverses a listed payment: the reversal is listed under the receipt it reverses. */
  function reverse(transId: string, at: Date = now()) {
    const original = items.find((entry) => entry.item.transactionId === transId);
    if (!original) throw new Error(`No listed payment ${transId}`);
    list(
      {
        ...original.item,
        transactiontype: 'c2b-pay-bill-reversal',
        trxDate: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
      at,
    );
  }

  function registerAnswer(fields: Record<string, unknown>) {
    if (String(fields.ShortCode ?? '') !== shortcode) return badRequest('ShortCode');
    if (fields.RequestType !== 'Pull') return badRequest('RequestType');
    if (typeof fields.NominatedNumber !== 'string' || !/^\d{10,12}$/.test(fields.NominatedNumber)) {
      return badRequest('NominatedNumber');
    }
    try {
      if (!/^https?:$/.test(new URL(String(fields.CallBackURL)).protocol)) throw new Error();
    } catch {
      return badRequest('CallBackURL');
    }
    const first = state.registered === null;
    state.registered ??= fields;
    state.registrations += 1;
    return {
      status: 200,
      body: {
        ResponseRefID: randomUUID(),
        ResponseStatus: first ? '1000' : '1001',
        ShortCode: shortcode,
        ResponseDescription: first
          ? 'Shortcode Registered Successfully'
          : 'ShortCode already Registered',
      },
    };
  }

  function queryAnswer(fields: Record<string, unknown>) {
    if (String(fields.ShortCode ?? '') !== shortcode) {
      return { status: 400, body: { errorCode: '400.001', errorMessage: 'Invalid ShortCode' } };
    }
    const from = readStamp(fields.StartDate);
    const to = readStamp(fields.EndDate);
    if (!from) return badRequest('StartDate');
    if (!to || to < from) return badRequest('EndDate');
    const offset = Number(fields.OffSetValue);
    if (typeof fields.OffSetValue !== 'string' || !Number.isInteger(offset) || offset < 0) {
      return badRequest('OffSetValue');
    }
    queries.push(fields);
    const oldest = now().getTime() - KEPT_MS;
    // Daraja's times are whole seconds.
    const second = (at: Date) => Math.floor(at.getTime() / 1000) * 1000;
    const inPeriod = items.filter(
      ({ at }) =>
        second(at) >= from.getTime() && second(at) <= to.getTime() && second(at) >= oldest,
    );
    const page = inPeriod.slice(offset, offset + settings.pageSize).map(({ item }) => item);
    if (page.length === 0) {
      return {
        status: 200,
        body: {
          ResponseRefID: randomUUID(),
          ResponseCode: '1001',
          ResponseMessage: 'No transactions available for the selected time period',
          Response: [[]],
        },
      };
    }
    return {
      status: 200,
      body: {
        ResponseRefID: randomUUID(),
        ResponseCode: '1000',
        ResponseMessage: 'Success',
        Response: [page],
      },
    };
  }

  return {
    registerAnswer,
    queryAnswer,
    listPayment,
    reverse,
    /** Every query received, in order (its body). */
    queries,
    /** What the first registration sent (null: none yet), and how many were made. */
    get registered() {
      return state.registered;
    },
    get registrations() {
      return state.registrations;
    },
    /** How many rows a page holds (Daraja's own number is not documented; 100 by default). */
    pageSize(size: number) {
      settings.pageSize = size;
    },
  };
}
