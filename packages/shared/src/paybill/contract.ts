import { z } from 'zod';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/fields';
import { PAYBILL_ENDPOINTS } from './endpoints';
import {
  allocatePaybillPaymentSchema,
  paybillPaymentSchema,
  paybillUrlsRegisteredSchema,
  registerPaybillUrlsSchema,
  paybillSweepSchema,
  unallocatedPaybillPaymentsSchema,
} from './schemas';
import { PAYBILL_TEXTS as T } from './texts';

const secretParams = z.object({ secret: z.string().max(200) });
// Safaricom's wire format, not ours: the bodies are read by lib/daraja-c2b.ts, never refused here
// (Safaricom must always get a well-formed answer).
const c2bAnswer = z.object({
  ResultCode: z.union([z.literal(0), z.string()]),
  ResultDesc: z.string(),
});

/** Paybill payments: each endpoint's params, body and answer (ADR 044, ADR 047). */
export const paybillContract = defineContract(PAYBILL_ENDPOINTS, {
  c2bValidation: {
    summary: "Safaricom's C2B validation: whether the firm takes a paybill payment",
    hidden: true,
    params: secretParams,
    body: z.unknown(),
    response: c2bAnswer,
  },
  c2bConfirmation: {
    summary: "Safaricom's C2B confirmation of a paybill payment (recorded once, then checked)",
    hidden: true,
    params: secretParams,
    body: z.unknown(),
    response: c2bAnswer,
  },
  c2bStatusResult: {
    summary: "Safaricom's Transaction Status Result for a paybill payment",
    hidden: true,
    params: secretParams,
    body: z.unknown(),
    response: c2bAnswer,
  },
  c2bStatusTimeout: {
    summary: "Safaricom's Transaction Status queue timeout (asked again later)",
    hidden: true,
    params: secretParams,
    body: z.unknown(),
    response: c2bAnswer,
  },
  listUnallocated: {
    summary: 'Paybill payments waiting for staff: unconfirmed, or with money no record took',
    response: unallocatedPaybillPaymentsSchema,
  },
  allocate: {
    summary:
      'Allocate what is left of a paybill payment: to a fee note, a client ledger, or refunded outside',
    params: idParamsSchema(T.notFound),
    body: allocatePaybillPaymentSchema,
    response: paybillPaymentSchema,
  },
  registerUrls: {
    summary:
      "Register the paybill's confirmation and validation addresses with Safaricom (C2B Register URL); audited",
    body: registerPaybillUrlsSchema,
    response: paybillUrlsRegisteredSchema,
  },
  runSweep: {
    summary:
      "Run the paybill's daily sweep now: Safaricom's list of the last day read, what was missed recorded, reversals applied, stale pushes settled",
    response: paybillSweepSchema,
  },
});

export type PaybillContract = typeof paybillContract;
