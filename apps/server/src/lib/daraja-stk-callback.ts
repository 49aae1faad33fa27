import { MPESA_RECEIPT_PATTERN, toKenyanE164 } from '@firm/shared';
import { z } from 'zod';
import { text } from './daraja';

/** Daraja's STK push callback as ADR 034 reads it: a hint of which push to query, never proof. */
const callbackValue = z.union([z.string(), z.number()]).nullish();
const callbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string(),
      ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({ Item: z.array(z.object({ Name: z.string(), Value: callbackValue })) })
        .optional(),
    }),
  }),
});

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amountKsh: number | null;
  /** Safaricom's transaction code (10 capital letters and digits); anything else is dropped. */
  mpesaReceiptNumber: string | null;
  /** The payer's number in E.164 (+2547…) when it is a Kenyan one, else as Daraja sent it. */
  phone: string | null;
  /** yyyyMMddHHmmss on a Nairobi clock, as Daraja sent it. */
  transactionDate: string | null;
}

/**
 * Reads Daraja's callback (`{ Body: { stkCallback: … } }`); null for anything else. Its content is
 * only a hint of which push to query: anyone who knows the address can post one (ADR 034).
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const callback = parsed.data.Body.stkCallback;
  const item = (name: string) =>
    callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value ?? null;
  const amountValue = item('Amount');
  const amount = amountValue === null || amountValue === '' ? NaN : Number(amountValue);
  const phone = text(item('PhoneNumber'));
  // The receipt reaches the client's text and PDF: only M-Pesa's own format, never free text.
  const receipt = text(item('MpesaReceiptNumber'));
  return {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
    amountKsh: Number.isFinite(amount) ? amount : null,
    mpesaReceiptNumber: receipt !== null && MPESA_RECEIPT_PATTERN.test(receipt) ? receipt : null,
    phone: phone === null ? null : (toKenyanE164(phone) ?? phone),
    transactionDate: text(item('TransactionDate')),
  };
}
