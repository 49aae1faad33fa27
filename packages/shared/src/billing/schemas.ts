import { z } from 'zod';
import { PAYMENT_METHODS } from '../appointments/rules';
import { bookingTokenSchema } from '../appointments/schemas';
import { paginationSchema, phoneField, requiredText, textRule, uuidField } from '../common/fields';
import {
  emptyAsUndefined,
  queryDate,
  queryEnum,
  queryLimit,
  queryPage,
} from '../common/list-query';
import { VALIDATION } from '../common/texts';
import { boundedDay, boundedInstant } from '../common/date-fields';
import { formatNairobiDay } from '../common/dates';
import {
  FEE_NOTE_LIMITS as L,
  FEE_NOTE_LINE_KINDS,
  FEE_NOTE_STATUSES,
  MPESA_PURPOSES,
  PAYMENT_SOURCES,
  PAYMENT_STATES,
  dueDateProblem,
  nextWorkingDay,
} from './rules';
import { feeNoteEtimsSchema } from '../etims/schemas';
import { BILLING_MESSAGES as M } from './texts';

/** The `/api/fee-notes` and `/api/payments` contract (ADR 035). */

const noHolidayList = () => false;

/**
 * Why `date` cannot be a due date, naming the next working day; the server calls it with the
 * Kenyan holiday rule, the form's schema without (a weekend only).
 */
export function dueDateMessage(date: string, isHoliday: (date: string) => boolean): string {
  const problem = dueDateProblem(date, isHoliday) ?? 'weekend';
  return M.dueDateNotWorkingDay(
    formatNairobiDay(date),
    problem,
    formatNairobiDay(nextWorkingDay(date, isHoliday)),
  );
}

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });

/** KRA PINs: a letter, nine digits, a letter (A123456789B); upper-cased. Empty: none. */
const kraPinField = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]\d{9}[A-Z]$/, { error: M.kraPinInvalid })
    .optional(),
);

/** A working day (rules.ts `dueDateProblem`); holidays are the server's to check (it has the list). */
const dueDateField = z
  .string({ error: M.dueDateRequired })
  .min(1, { error: M.dueDateRequired })
  .pipe(boundedDay(M.dueDateInvalid))
  .superRefine((date, ctx) => {
    if (dueDateProblem(date, noHolidayList))
      ctx.addIssue({ code: 'custom', message: dueDateMessage(date, noHolidayList) });
  });

export const feeNoteLineInputSchema = z.object({
  kind: z.enum(FEE_NOTE_LINE_KINDS, { error: 'Choose fee or disbursement' }),
  description: requiredText(M.descriptionRequired, L.descriptionMax, {
    multiline: true,
    printable: true,
  }),
  quantity: wholeNumber(1, L.quantityMax, M.quantityInvalid(L.quantityMax)),
  unitPriceKsh: wholeNumber(0, L.unitPriceMaxKsh, M.unitPriceInvalid(L.unitPriceMaxKsh)),
});
export type FeeNoteLineInput = z.infer<typeof feeNoteLineInputSchema>;

const feeNoteBody = {
  caseId: z.preprocess(emptyAsUndefined, uuidField(M.caseNotTheClients).nullable().optional()),
  dueDate: dueDateField,
  buyerKraPin: kraPinField,
  lines: z
    .array(feeNoteLineInputSchema, { error: M.linesRequired })
    .min(1, { error: M.linesRequired })
    .max(L.linesMax, { error: M.linesTooMany(L.linesMax) }),
};

/** POST /api/fee-notes: a draft. */
export const createFeeNoteSchema = z.object({
  clientId: uuidField(M.clientRequired),
  ...feeNoteBody,
});
export type CreateFeeNoteInput = z.input<typeof createFeeNoteSchema>;
export type CreateFeeNoteValues = z.output<typeof createFeeNoteSchema>;

/** PUT /api/fee-notes/{id}: the whole draft again (its client stays). */
export const updateFeeNoteSchema = z.object(feeNoteBody);
export type UpdateFeeNoteInput = z.input<typeof updateFeeNoteSchema>;
export type UpdateFeeNoteValues = z.output<typeof updateFeeNoteSchema>;

export const cancelFeeNoteSchema = z.object({
  reason: requiredText(M.cancelReasonRequired, L.reasonMax, { multiline: true, printable: true }),
});

export const listFeeNotesQuerySchema = z.object({
  clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientNotFound).optional()),
  caseId: z.preprocess(emptyAsUndefined, uuidField(M.caseNotTheClients).optional()),
  /**
   * `outstanding`: issued and not yet paid in full (issued or partly paid); `billed`: issued and
   * not cancelled (issued, partly paid or paid).
   */
  status: queryEnum([...FEE_NOTE_STATUSES, 'overdue', 'outstanding', 'billed'] as const, 'Status'),
  /** Issued from / to these Nairobi days, inclusive. */
  issuedFrom: queryDate,
  issuedTo: queryDate,
  page: queryPage,
  limit: queryLimit,
});
export type ListFeeNotesQuery = z.infer<typeof listFeeNotesQuerySchema>;

export const feeNoteLineSchema = z.object({
  kind: z.enum(FEE_NOTE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceKsh: z.number().int(),
  amountKsh: z.number().int(),
});

export const feeNoteTotalsSchema = z.object({
  feesKsh: z.number().int(),
  disbursementsKsh: z.number().int(),
  vatRatePercent: z.number().int(),
  vatKsh: z.number().int(),
  totalKsh: z.number().int(),
  paidKsh: z.number().int(),
  balanceKsh: z.number().int(),
});
export type FeeNoteTotals = z.infer<typeof feeNoteTotalsSchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
const caseRefSchema = z.object({ id: z.string(), caseNumber: z.string(), title: z.string() });

/** A fee note as a list shows it. */
export const feeNoteSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(FEE_NOTE_STATUSES),
  isOverdue: z.boolean(),
  client: personSchema,
  case: caseRefSchema.nullable(),
  issuedAt: z.string().nullable(),
  dueDate: z.string(),
  totalKsh: z.number().int(),
  balanceKsh: z.number().int(),
  createdAt: z.string(),
});
export type FeeNoteSummary = z.infer<typeof feeNoteSummarySchema>;

export const paymentMethodField = z.enum(PAYMENT_METHODS, { error: M.methodRequired });

/** A payment as the payer's screens show it (staff see `recordedBy` and `flaggedReason` too). */
export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATES),
  method: z.enum(PAYMENT_METHODS),
  /** Where it came from (ADR 048): labels in PAYMENT_SOURCE_LABELS. */
  source: z.enum(PAYMENT_SOURCES),
  amountKsh: z.number().int(),
  reference: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  receivedAt: z.string().nullable(),
  feeNote: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  appointment: z.object({ id: z.string(), title: z.string() }).nullable(),
  clientName: z.string(),
  mpesa: z
    .object({
      phone: z.string().nullable(),
      checkoutRequestId: z.string().nullable(),
      receiptNumber: z.string().nullable(),
      resultCode: z.number().int().nullable(),
      /** What to tell the payer, in plain words, once it has failed. */
      failureText: z.string().nullable(),
    })
    .nullable(),
  recordedBy: z.string().nullable(),
  flaggedReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const feeNoteSchema = feeNoteSummarySchema.extend({
  buyerKraPin: z.string().nullable(),
  lines: z.array(feeNoteLineSchema),
  totals: feeNoteTotalsSchema,
  cancellation: z
    .object({ creditNoteNumber: z.string(), reason: z.string(), at: z.string() })
    .nullable(),
  payments: z.array(paymentSchema),
  updatedAt: z.string(),
  /** KRA eTIMS (ADR 049): its state and receipt; KRA's refusal message for staff only. */
  etims: feeNoteEtimsSchema.optional(),
});
export type FeeNote = z.infer<typeof feeNoteSchema>;

export const feeNotePageSchema = z.object({
  feeNotes: z.array(feeNoteSummarySchema),
  pagination: paginationSchema,
  /** How many fee notes match, on every page (a report's figure links to the list). */
  total: z.number().int(),
  /**
   * Of every page: what those issued and not cancelled billed, and what is still owed on those
   * not yet paid in full.
   */
  sums: z.object({ billedKsh: z.number().int(), owedKsh: z.number().int() }),
  /** What the listed client owes across their payable fee notes (a client's own statement). */
  balanceKsh: z.number().int().nullable(),
});
export type FeeNotePage = z.infer<typeof feeNotePageSchema>;

export const feeNoteSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  feeNote: feeNoteSchema,
});
export type FeeNoteSaved = z.infer<typeof feeNoteSavedSchema>;

const referenceField = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .max(L.referenceMax, { error: VALIDATION.tooLong(L.referenceMax) })
    .superRefine(textRule())
    .optional(),
);

const amountField = z
  .number({ error: M.amountRequired })
  .int({ error: M.amountInvalid })
  .min(1, { error: M.amountInvalid })
  .max(L.totalMaxKsh, { error: M.amountInvalid });

const oneTarget = <
  T extends { feeNoteId?: string | undefined; appointmentId?: string | undefined },
>(
  body: T,
) => (body.feeNoteId === undefined) !== (body.appointmentId === undefined);

/** POST /api/payments: money received outside the portal, recorded by staff. */
export const recordPaymentSchema = z
  .object({
    feeNoteId: z.preprocess(emptyAsUndefined, uuidField(M.feeNoteNotFound).optional()),
    appointmentId: z.preprocess(emptyAsUndefined, uuidField('Appointment not found').optional()),
    amountKsh: amountField,
    method: paymentMethodField,
    reference: referenceField,
    receivedAt: z.preprocess(
      emptyAsUndefined,
      boundedInstant('Give the date and time it was received').optional(),
    ),
  })
  .refine(oneTarget, { error: M.targetRequired, path: ['feeNoteId'] })
  .refine((body) => body.method === 'cash' || body.reference !== undefined, {
    error: M.referenceRequired,
    path: ['reference'],
  });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type PaymentRecordValues = z.output<typeof recordPaymentSchema>;

/**
 * POST /api/payments/mpesa: an STK push to the payer's phone for what they owe (or part of it), or,
 * with `purpose: "deposit"`, for money a client pays on account into the firm's M-Pesa client
 * account (ADR 045): their own `clientId`, one of their cases or none, and the amount.
 */
export const mpesaPaymentSchema = z
  .object({
    purpose: z.enum(MPESA_PURPOSES, { error: M.purposeInvalid }).optional(),
    feeNoteId: z.preprocess(emptyAsUndefined, uuidField(M.feeNoteNotFound).optional()),
    appointmentId: z.preprocess(emptyAsUndefined, uuidField('Appointment not found').optional()),
    clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientNotFound).optional()),
    caseId: z.preprocess(emptyAsUndefined, uuidField(M.caseNotFound).optional()),
    phone: phoneField,
    amountKsh: amountField.optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.purpose !== 'deposit') {
      if (!oneTarget(body)) issue('feeNoteId', M.targetRequired);
      if (body.clientId !== undefined) issue('clientId', M.depositOnly);
      if (body.caseId !== undefined) issue('caseId', M.depositOnly);
      return;
    }
    if (body.clientId === undefined) issue('clientId', M.depositClientRequired);
    if (body.amountKsh === undefined) issue('amountKsh', M.amountRequired);
    if (body.feeNoteId !== undefined) issue('feeNoteId', M.depositHasNoTarget);
    if (body.appointmentId !== undefined) issue('appointmentId', M.depositHasNoTarget);
  });
export type MpesaPaymentInput = z.input<typeof mpesaPaymentSchema>;
export type MpesaPaymentValues = z.output<typeof mpesaPaymentSchema>;

/**
 * POST /api/payments/mpesa/visitor: a visitor pays their booking's fee from their emailed link's
 * page; the token names the booking.
 */
export const visitorMpesaPaymentSchema = bookingTokenSchema.extend({
  phone: phoneField,
  amountKsh: amountField.optional(),
});
export type VisitorMpesaPaymentValues = z.output<typeof visitorMpesaPaymentSchema>;

/** POST /api/payments/mpesa/visitor/status: one of that booking's payments. */
export const visitorPaymentStatusSchema = bookingTokenSchema.extend({
  paymentId: uuidField(M.paymentNotFound),
});

/**
 * POST /api/payments/mpesa/visitor/receipt: the receipt of one of that booking's payments (the
 * one named, or its latest paid one: the booking's page knows no payment's id).
 */
export const visitorReceiptSchema = bookingTokenSchema.extend({
  paymentId: uuidField(M.paymentNotFound).optional(),
});
export type VisitorReceiptValues = z.output<typeof visitorReceiptSchema>;

export const mpesaPaymentStartedSchema = z.object({
  id: z.string(),
  status: z.literal('pending'),
  checkoutRequestId: z.string(),
  message: z.string(),
});

export const listPaymentsQuerySchema = z.object({
  clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientNotFound).optional()),
  feeNoteId: z.preprocess(emptyAsUndefined, uuidField(M.feeNoteNotFound).optional()),
  status: queryEnum(PAYMENT_STATES, 'Status'),
  method: queryEnum(PAYMENT_METHODS, 'Method'),
  /** Received from / to these Nairobi days, inclusive. */
  from: queryDate,
  to: queryDate,
  page: queryPage,
  limit: queryLimit,
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;

export const paymentPageSchema = z.object({
  payments: z.array(paymentSchema),
  pagination: paginationSchema,
  /** How many payments match, on every page, and the money the succeeded ones brought in. */
  total: z.number().int(),
  sums: z.object({ receivedKsh: z.number().int() }),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const paymentRecordedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: paymentSchema,
});
