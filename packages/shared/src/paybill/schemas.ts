import { z } from 'zod';
import { requiredText, uuidField } from '../common/fields';
import { PAYBILL_PAYMENT_STATUSES, PAYBILL_RESPONSE_TYPES, PAYBILL_SETTLED_TO } from './rules';
import { PAYBILL_REGISTER_TEXTS as R, PAYBILL_TEXTS as T } from './texts';

/** One paybill payment as staff see it (GET /api/payments/unallocated, an allocation's answer). */
export const paybillPaymentSchema = z.object({
  id: z.string(),
  /** The M-Pesa receipt. */
  transId: z.string(),
  amountKsh: z.number(),
  paidAt: z.string(),
  /** The account number as the client typed it. */
  accountNumber: z.string(),
  payerName: z.string(),
  status: z.enum(PAYBILL_PAYMENT_STATUSES),
  /** What no record has taken yet. */
  unallocatedKsh: z.number(),
  settledTo: z.enum(PAYBILL_SETTLED_TO).nullable(),
  feeNoteId: z.string().nullable(),
  clientId: z.string().nullable(),
  caseId: z.string().nullable(),
  forgedReason: z.string().nullable(),
  receivedAt: z.string(),
});
export type PaybillPayment = z.infer<typeof paybillPaymentSchema>;

export const unallocatedPaybillPaymentsSchema = z.object({
  payments: z.array(paybillPaymentSchema),
});

const amountField = z
  .number({ error: T.amountInvalid })
  .int({ error: T.amountInvalid })
  .min(1, { error: T.amountInvalid })
  .max(100_000_000, { error: T.amountInvalid });
const reasonField = requiredText(T.reasonRequired, 500);

/**
 * POST /api/payments/{id}/allocate: what is left of a paybill payment (or `amountKsh` of it) to a
 * fee note, to a client's ledger (and case), or marked refunded outside the system; always why.
 */
export const allocatePaybillPaymentSchema = z.discriminatedUnion(
  'to',
  [
    z.object({
      to: z.literal('fee_note'),
      feeNoteId: uuidField(T.feeNoteRequired),
      amountKsh: amountField.optional(),
      reason: reasonField,
    }),
    z.object({
      to: z.literal('client_money'),
      clientId: uuidField(T.clientRequired),
      caseId: uuidField(T.caseInvalid).optional(),
      amountKsh: amountField.optional(),
      reason: reasonField,
    }),
    z.object({
      to: z.literal('refunded_outside'),
      amountKsh: amountField.optional(),
      reason: reasonField,
    }),
  ],
  { error: T.allocateToRequired },
);
export type AllocatePaybillPaymentValues = z.output<typeof allocatePaybillPaymentSchema>;

/** POST /api/settings/mpesa/c2b/register: what M-Pesa does when validation does not answer. */
export const registerPaybillUrlsSchema = z.object({
  responseType: z.enum(PAYBILL_RESPONSE_TYPES, { error: R.responseTypeInvalid }),
});
export type RegisterPaybillUrlsValues = z.output<typeof registerPaybillUrlsSchema>;

/**
 * Whether the paybill's addresses are registered with Safaricom (ADR 048), in the firm settings'
 * answer: the newest registration Daraja accepted, its addresses with the secret masked.
 */
export const paybillConnectionSchema = z.object({
  /** Whether this server has M-Pesa (Daraja) set up: without it nothing can be registered. */
  mpesaSetUp: z.boolean(),
  registration: z
    .object({
      registeredAt: z.string(),
      registeredBy: z.string().nullable(),
      responseType: z.enum(PAYBILL_RESPONSE_TYPES),
      confirmationUrl: z.string(),
      validationUrl: z.string(),
      /** False once PUBLIC_URL, the callback secret or the shortcode changed: register again. */
      current: z.boolean(),
    })
    .nullable(),
});
export type PaybillConnection = z.infer<typeof paybillConnectionSchema>;

export const paybillUrlsRegisteredSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Daraja's own words (its ResponseDescription, "success"). */
  darajaAnswer: z.string(),
  connection: paybillConnectionSchema,
});
export type PaybillUrlsRegistered = z.infer<typeof paybillUrlsRegisteredSchema>;
/**
 * What one run of the daily sweep did (ADR 054); `ran` false: another process is running it (or
 * ran it today, for the schedule), so this one did nothing.
 */
export const paybillSweepSchema = z.object({
  ran: z.boolean(),
  listed: z.number().int(),
  recorded: z.number().int(),
  reversed: z.number().int(),
  pushesSettled: z.number().int(),
});
export type PaybillSweep = z.infer<typeof paybillSweepSchema>;
