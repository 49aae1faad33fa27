import { randomInt } from 'node:crypto';
import { badRequest, digits, nairobiStamp } from './daraja-simulator-formats';

/**
 * The local Daraja's paybill side (daraja-simulator.ts): the C2B bodies Safaricom posts when a
 * customer pays the paybill from the M-Pesa menu, and Transaction Status, whose request is checked
 * as Daraja does and whose Result is posted later to the ResultURL. What M-Pesa knows of each
 * receipt is the test's to say: a payment made (`payPaybill`), one it never saw (any other
 * receipt), or one it knows for another amount or paybill (`knowAs`).
 */

export interface PaybillPaymentSeed {
  amountKsh: number;
  accountNumber: string;
  /** TransAmount exactly as sent (default the amount with ".00", as Safaricom sends it). */
  transAmount?: string;
  transId?: string;
  firstName?: string;
  lastName?: string;
  msisdn?: string;
  when?: Date;
  /** A body no payment stands behind: M-Pesa does not know its receipt (a forgery). */
  unknownToMpesa?: boolean;
}

interface KnownTransaction {
  amountKsh: number;
  shortcode: string;
  payer: string;
}

export interface StatusQuestion {
  body: Record<string, unknown>;
  originatorConversationId: string;
  conversationId: string;
  /** The Result posted (or to post), and the app's answer to it. */
  result: Record<string, unknown>;
  resultStatus: number | null;
}

export type StatusResultTiming = 'immediately' | 'manual';

export function createC2b(options: {
  shortcode: string;
  initiatorName: string;
  securityCredential: string;
  now: () => Date;
  /** M-Pesa lists each payment made for Pull Transactions (daraja-simulator-pull.ts). */
  onPaid?: (payment: {
    transId: string;
    amountKsh: number;
    accountNumber: string;
    payer: string;
    at: Date;
  }) => void;
}) {
  const { shortcode, now } = options;
  const known = new Map<string, KnownTransaction>();
  const questions: StatusQuestion[] = [];
  const state = { sequence: 0, timing: 'immediately' as StatusResultTiming };

  function newTransId(): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let id = 'U';
    for (let i = 0; i < 9; i += 1) id += alphabet[randomInt(alphabet.length)];
    return id;
  }

  /** A customer pays the paybill: M-Pesa knows the payment; the confirmation body to post. */
  function payPaybill(seed: PaybillPaymentSeed) {
    const transId = seed.transId ?? newTransId();
    const firstName = seed.firstName ?? 'WANJIRU';
    const lastName = seed.lastName ?? 'KAMAU';
    if (!seed.unknownToMpesa) {
      known.set(transId, {
        amountKsh: seed.amountKsh,
        shortcode,
        payer: `254712345678 - ${firstName} ${lastName}`,
      });
      options.onPaid?.({
        transId,
        amountKsh: seed.amountKsh,
        accountNumber: seed.accountNumber,
        payer: `${firstName} ${lastName}`,
        at: seed.when ?? now(),
      });
    }
    return {
      transId,
      body: {
        TransactionType: 'Pay Bill',
        TransID: transId,
        TransTime: nairobiStamp(seed.when ?? now()),
        TransAmount: seed.transAmount ?? `${seed.amountKsh}.00`,
        BusinessShortCode: shortcode,
        BillRefNumber: seed.accountNumber,
        InvoiceNumber: '',
        OrgAccountBalance: '125000.00',
        ThirdPartyTransID: '',
        MSISDN: seed.msisdn ?? '2547 ***** 678',
        FirstName: firstName,
        MiddleName: '',
        LastName: lastName,
      },
    };
  }

  /** M-Pesa's own record of a receipt says another amount or paybill than a body claims. */
  function knowAs(transId: string, record: { amountKsh: number; shortcode?: string }) {
    known.set(transId, {
      amountKsh: record.amountKsh,
      shortcode: record.shortcode ?? shortcode,
      payer: '254712345678 - WANJIRU KAMAU',
    });
  }

  function resultOf(
    body: Record<string, unknown>,
    ids: { originator: string; conversation: string },
  ) {
    const transId = String(body.TransactionID);
    const stamp = nairobiStamp(now());
    const base = {
      ResultType: 0,
      OriginatorConversationID: ids.originator,
      ConversationID: ids.conversation,
      TransactionID: newTransId(),
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
    };
    if (
      body.Initiator !== options.initiatorName ||
      body.SecurityCredential !== options.securityCredential
    ) {
      return {
        Result: { ...base, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' },
      };
    }
    const record = known.get(transId);
    if (!record) {
      return {
        Result: {
          ...base,
          ResultCode: 'R000001',
          ResultDesc: 'The transaction receipt number does not exist.',
        },
      };
    }
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: record.payer },
            { Key: 'CreditPartyName', Value: `${record.shortcode} - Mwamba and Associates` },
            { Key: 'OriginatorConversationID', Value: ids.originator },
            { Key: 'InitiatedTime', Value: Number(stamp) },
            { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
            { Key: 'DebitPartyCharges', Value: '' },
            { Key: 'TransactionReason', Value: '' },
            { Key: 'ReasonType', Value: 'Pay Utility Bill' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'FinalisedTime', Value: Number(stamp) },
            { Key: 'Amount', Value: record.amountKsh },
            { Key: 'ConversationID', Value: ids.conversation },
            { Key: 'ReceiptNo', Value: transId },
          ],
        },
      },
    };
  }

  const isUrl = (value: unknown) => {
    try {
      return /^https?:$/.test(new URL(String(value)).protocol);
    } catch {
      return false;
    }
  };

  /** POST /mpesa/transactionstatus/v1/query: checked as Daraja does; the Result comes later. */
  function statusAnswer(body: Record<string, unknown>) {
    if (typeof body.Initiator !== 'string' || body.Initiator === '') return badRequest('Initiator');
    if (typeof body.SecurityCredential !== 'string' || body.SecurityCredential === '') {
      return badRequest('SecurityCredential');
    }
    if (body.CommandID !== 'TransactionStatusQuery') return badRequest('CommandID');
    if (typeof body.TransactionID !== 'string' || !/^[A-Z0-9]{10}$/.test(body.TransactionID)) {
      return badRequest('TransactionID');
    }
    if (digits(body.PartyA) !== shortcode) return badRequest('PartyA');
    if (digits(body.IdentifierType) !== '4') return badRequest('IdentifierType');
    if (!isUrl(body.ResultURL)) return badRequest('ResultURL');
    if (!isUrl(body.QueueTimeOutURL)) return badRequest('QueueTimeOutURL');
    if (typeof body.Remarks !== 'string' || body.Remarks.length < 1 || body.Remarks.length > 100) {
      return badRequest('Remarks');
    }
    if (
      body.Occasion !== undefined &&
      (typeof body.Occasion !== 'string' || body.Occasion.length > 100)
    ) {
      return badRequest('Occasion');
    }
    state.sequence += 1;
    const ids = {
      originator: `${randomInt(10_000, 99_999)}-${randomInt(1_000_000, 9_999_999)}-${state.sequence}`,
      conversation: `AG_${nairobiStamp(now()).slice(0, 8)}_${String(state.sequence).padStart(16, '0')}`,
    };
    const question: StatusQuestion = {
      body,
      originatorConversationId: ids.originator,
      conversationId: ids.conversation,
      result: resultOf(body, ids),
      resultStatus: null,
    };
    questions.push(question);
    return {
      status: 200,
      body: {
        OriginatorConversationID: ids.originator,
        ConversationID: ids.conversation,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
      question,
    };
  }

  /** Posts a question's Result to its ResultURL, as Daraja does once M-Pesa answered. */
  async function sendResult(question: StatusQuestion): Promise<number | null> {
    try {
      const response = await fetch(String(question.body.ResultURL), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(question.result),
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      question.resultStatus = response.status;
    } catch {
      question.resultStatus = null;
    }
    return question.resultStatus;
  }

  return {
    payPaybill,
    knowAs,
    statusAnswer,
    sendResult,
    /** Every Transaction Status question, in order. */
    questions,
    /** `immediately` (the default): each Result follows its question; `manual`: the test sends it. */
    resultTiming(timing: StatusResultTiming) {
      state.timing = timing;
    },
    get timing() {
      return state.timing;
    },
  };
}
