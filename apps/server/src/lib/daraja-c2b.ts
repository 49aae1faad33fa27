import { MPESA_RECEIPT_PATTERN } from '@firm/shared';
import { z } from 'zod';

/**
 * Safaricom Daraja's Customer-to-Business (paybill) formats, read (docs/decisions/047-paybill-
 * payments.md): the validation and confirmation bodies Safaricom posts when a client pays the
 * paybill from the M-Pesa menu, their answers, and the Result of a Transaction Status query. What
 * a body claims is never trusted alone: a payment is confirmed by Transaction Status.
 */

/** Daraja's answers to a validation or confirmation (ResultCode 0 or one of its C2B codes). */
export const C2B_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
export const C2B_INVALID_ACCOUNT = { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } as const;
export const C2B_INVALID_AMOUNT = { ResultCode: 'C2B00013', ResultDesc: 'Rejected' } as const;
export type C2bAnswer =
  typeof C2B_ACCEPTED | typeof C2B_INVALID_ACCOUNT | typeof C2B_INVALID_AMOUNT;

const value = z.union([z.string(), z.number()]).transform(String);
const optional = value.nullish().transform((v) => (v === undefined || v === null ? '' : v));

const c2bBodySchema = z.object({
  TransactionType: optional,
  TransID: value,
  TransTime: value,
  TransAmount: value,
  BusinessShortCode: value,
  BillRefNumber: optional,
  InvoiceNumber: optional,
  OrgAccountBalance: optional,
  ThirdPartyTransID: optional,
  MSISDN: optional,
  FirstName: optional,
  MiddleName: optional,
  LastName: optional,
});

export interface C2bPayment {
  transactionType: string;
  /** The M-Pesa receipt (10 capital letters and digits). */
  transId: string;
  /** yyyyMMddHHmmss on a Nairobi clock, as Safaricom sent it. */
  transTime: string;
  /** Whole shillings: M-Pesa moves no cents. */
  amountKsh: number;
  shortcode: string;
  /** The account number the client typed (BillRefNumber), as typed. */
  billRefNumber: string;
  invoiceNumber: string;
  orgAccountBalance: string;
  thirdPartyTransId: string;
  /** As sent: a number, or (since 2021) a hash of it. */
  msisdn: string;
  payerName: string;
}

/** Why a body is not a C2B payment: logged without the body (it names a person and a phone). */
export type C2bProblem =
  'not_a_payment' | 'bad_receipt' | 'bad_time' | 'bad_amount' | 'bad_shortcode';

/**
 * Reads a validation or confirmation body. TransAmount comes as a string ("1500.00"): a
 * fractional or non-positive amount is refused (no M-Pesa payment has cents), never rounded.
 */
export function parseC2bBody(
  body: unknown,
): { payment: C2bPayment; problem?: never } | { problem: C2bProblem; payment?: never } {
  const parsed = c2bBodySchema.safeParse(body);
  if (!parsed.success) return { problem: 'not_a_payment' };
  const b = parsed.data;
  if (!MPESA_RECEIPT_PATTERN.test(b.TransID)) return { problem: 'bad_receipt' };
  if (!/^\d{14}$/.test(b.TransTime)) return { problem: 'bad_time' };
  if (!/^\d{5,7}$/.test(b.BusinessShortCode)) return { problem: 'bad_shortcode' };
  const amount = /^(\d{1,12})(?:\.0{1,2})?$/.exec(b.TransAmount.trim());
  if (!amount || Number(amount[1]) < 1) return { problem: 'bad_amount' };
  return {
    payment: {
      transactionType: b.TransactionType.slice(0, 40),
      transId: b.TransID,
      transTime: b.TransTime,
      amountKsh: Number(amount[1]),
      shortcode: b.BusinessShortCode,
      billRefNumber: b.BillRefNumber.slice(0, 100),
      invoiceNumber: b.InvoiceNumber.slice(0, 100),
      orgAccountBalance: b.OrgAccountBalance.slice(0, 40),
      thirdPartyTransId: b.ThirdPartyTransID.slice(0, 100),
      msisdn: b.MSISDN.slice(0, 100),
      payerName: [b.FirstName, b.MiddleName, b.LastName]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ')
        .slice(0, 200),
    },
  };
}

/** The instant a yyyyMMddHHmmss Nairobi time names (UTC+3, no daylight saving), or null. */
export function instantOfNairobiStamp(stamp: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour! - 3, minute!, second!);
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

const resultSchema = z.object({
  Result: z.object({
    ResultType: value.optional(),
    ResultCode: value,
    ResultDesc: optional,
    OriginatorConversationID: optional,
    ConversationID: optional,
    TransactionID: optional,
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string(), Value: z.unknown().optional() })),
          z.object({ Key: z.string(), Value: z.unknown().optional() }),
        ]),
      })
      .nullish(),
    ReferenceData: z
      .object({
        ReferenceItem: z.union([
          z.array(z.object({ Key: z.string(), Value: z.unknown().optional() })),
          z.object({ Key: z.string(), Value: z.unknown().optional() }),
        ]),
      })
      .nullish(),
  }),
});

export interface TransactionStatusResult {
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  /** Present when M-Pesa found the transaction (ResultCode 0). */
  receiptNo: string | null;
  amountKsh: number | null;
  transactionStatus: string | null;
  /** "<shortcode> - <name>" for a paybill payment. */
  creditPartyName: string | null;
  debitPartyName: string | null;
  reasonType: string | null;
  finalisedTime: string | null;
  /** The Occasion the question carried back (the firm sends the receipt asked about). */
  occasion: string | null;
}

/** Reads the Result a Transaction Status query posts to its ResultURL; null for anything else. */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | null {
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const list = result.ResultParameters?.ResultParameter;
  const items = list === undefined || list === null ? [] : Array.isArray(list) ? list : [list];
  const item = (key: string) => {
    const found = items.find((entry) => entry.Key === key)?.Value;
    return typeof found === 'string' || typeof found === 'number' ? String(found) : null;
  };
  const references = result.ReferenceData?.ReferenceItem;
  const referenceItems =
    references === undefined || references === null
      ? []
      : Array.isArray(references)
        ? references
        : [references];
  const occasion = referenceItems.find((entry) => entry.Key === 'Occasion')?.Value;
  const amount = item('Amount');
  const amountKsh = amount !== null && /^\d+(\.0+)?$/.test(amount) ? Number.parseInt(amount) : null;
  return {
    resultCode: result.ResultCode,
    resultDesc: result.ResultDesc.slice(0, 200),
    originatorConversationId: result.OriginatorConversationID,
    conversationId: result.ConversationID,
    receiptNo: item('ReceiptNo'),
    amountKsh,
    transactionStatus: item('TransactionStatus'),
    creditPartyName: item('CreditPartyName'),
    debitPartyName: item('DebitPartyName'),
    reasonType: item('ReasonType'),
    finalisedTime: item('FinalisedTime'),
    occasion: typeof occasion === 'string' && occasion !== '' ? occasion : null,
  };
}
