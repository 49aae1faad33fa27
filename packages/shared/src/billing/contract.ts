import { z } from 'zod';
import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/fields';
import { BILLING_ENDPOINTS } from './endpoints';
import {
  cancelFeeNoteSchema,
  createFeeNoteSchema,
  feeNotePageSchema,
  feeNoteSavedSchema,
  feeNoteSchema,
  listFeeNotesQuerySchema,
  listPaymentsQuerySchema,
  mpesaPaymentSchema,
  mpesaPaymentStartedSchema,
  paymentPageSchema,
  paymentRecordedSchema,
  paymentSchema,
  recordPaymentSchema,
  updateFeeNoteSchema,
  visitorMpesaPaymentSchema,
  visitorPaymentStatusSchema,
  visitorReceiptSchema,
} from './schemas';
import { BILLING_MESSAGES as M } from './texts';

const feeNoteParams = idParamsSchema(M.feeNoteNotFound);
const paymentParams = idParamsSchema(M.paymentNotFound);

/** Fee notes, payments and M-Pesa: each endpoint's params, query, body and answer (ADR 044). */
export const billingContract = defineContract(BILLING_ENDPOINTS, {
  listFeeNotes: {
    summary: 'Fee notes, newest first (a client: their own issued ones and their balance)',
    query: listFeeNotesQuerySchema,
    response: feeNotePageSchema,
  },
  createFeeNote: {
    summary: 'Draft a fee note for a client (and optionally one of their cases)',
    body: createFeeNoteSchema,
    response: feeNoteSavedSchema,
    status: 201,
  },
  getFeeNote: {
    summary: 'One fee note with its lines, totals and payments',
    params: feeNoteParams,
    response: feeNoteSchema,
  },
  updateFeeNote: {
    summary: 'Change a draft (an issued fee note is cancelled, never changed)',
    params: feeNoteParams,
    body: updateFeeNoteSchema,
    response: feeNoteSavedSchema,
  },
  deleteFeeNote: {
    summary: 'Delete a draft',
    params: feeNoteParams,
    response: successMessageSchema,
  },
  issueFeeNote: {
    summary: 'Issue a draft: its FN number, and the client told by email, text and bell',
    params: feeNoteParams,
    response: feeNoteSavedSchema,
  },
  cancelFeeNote: {
    summary: 'Cancel an issued fee note with nothing paid on it, by a numbered credit note',
    params: feeNoteParams,
    body: cancelFeeNoteSchema,
    response: feeNoteSavedSchema,
  },
  feeNotePdf: {
    summary: 'The fee note as an A4 PDF (an issued one; a cancelled one says so)',
    params: feeNoteParams,
    response: 'file',
  },
  creditNotePdf: {
    summary: 'The credit note that cancelled a fee note, as an A4 PDF',
    params: feeNoteParams,
    response: 'file',
  },
  recordPayment: {
    summary: 'Record money received by hand (cash, bank, cheque, M-Pesa outside the portal)',
    body: recordPaymentSchema,
    response: paymentRecordedSchema,
    status: 201,
  },
  listPayments: {
    summary: 'Payments, newest first (a client: their own)',
    query: listPaymentsQuerySchema,
    response: paymentPageSchema,
  },
  getPayment: {
    summary: 'One payment (an M-Pesa push is followed here until Safaricom confirms it)',
    params: paymentParams,
    response: paymentSchema,
  },
  receiptPdf: {
    summary: "A succeeded payment's receipt as an A4 PDF",
    params: paymentParams,
    response: 'file',
  },
  startMpesaPayment: {
    summary:
      "Ask the payer's phone for the M-Pesa PIN (an STK push); follow the payment at GET /payments/{id}",
    body: mpesaPaymentSchema,
    response: mpesaPaymentStartedSchema,
    status: 202,
  },
  startVisitorMpesaPayment: {
    summary:
      "A visitor pays their booking's fee from their emailed link's page (an STK push to their phone)",
    body: visitorMpesaPaymentSchema,
    response: mpesaPaymentStartedSchema,
    status: 202,
  },
  visitorPaymentStatus: {
    summary: "One of the link's booking's payments, followed until Safaricom confirms it",
    body: visitorPaymentStatusSchema,
    response: paymentSchema,
  },
  visitorReceiptPdf: {
    summary:
      "The receipt (A4 PDF) of one of the link's booking's succeeded payments (its latest, unnamed)",
    body: visitorReceiptSchema,
    response: 'file',
  },
  // Safaricom's wire format, not ours: the callback is read by lib/daraja.ts's parser.
  mpesaCallback: {
    summary: "Safaricom's STK push result (Lipa na M-Pesa Online callback)",
    hidden: true,
    params: z.object({ secret: z.string().max(200) }),
    body: z.unknown(),
    response: z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }),
  },
});

export type BillingContract = typeof billingContract;
