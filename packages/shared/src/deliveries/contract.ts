import { z } from 'zod';
import { defineContract } from '../common/contract';
import { plainText } from '../common/fields';
import { DELIVERIES_ENDPOINTS } from './endpoints';
import {
  deliveriesPageSchema,
  deliveriesQuerySchema,
  deliveryIdParamsSchema,
  deliveryRetriedSchema,
} from './schemas';

/**
 * One line of plain text, as every field of the API (fields.ts `textRule`): a NUL in `id`
 * (`id=%00`) reached PostgreSQL, which refuses it (a 500).
 */
const reportText = (max: number) => plainText().pipe(z.string().max(max));

/** The fields of Africa's Talking's delivery report this app reads; it posts others too. */
const smsReportSchema = z.looseObject({
  id: reportText(200).pipe(z.string().min(1)),
  status: reportText(50).pipe(z.string().min(1)),
  phoneNumber: reportText(30).optional(),
  failureReason: reportText(200).optional(),
  networkCode: reportText(20).optional(),
  retryCount: reportText(10).optional(),
});

/** The delivery log and the SMS delivery reports: each endpoint's params, query, body and answer (ADR 044). */
export const deliveriesContract = defineContract(DELIVERIES_ENDPOINTS, {
  listDeliveries: {
    summary:
      'Every email and SMS sent, newest first, filtered and paged (recipients masked; never a body)',
    query: deliveriesQuerySchema,
    response: deliveriesPageSchema,
  },
  retryDelivery: {
    summary:
      'Send a failed message again, with 24 hours of retries from now (not one that held a one-time link)',
    params: deliveryIdParamsSchema,
    response: deliveryRetriedSchema,
  },
  // Africa's Talking's wire format, not ours (form-encoded, read by the route's own parser). Its
  // answer is an empty 200, which no schema describes.
  smsDeliveryReport: {
    summary: "Africa's Talking SMS delivery report",
    hidden: true,
    params: z.object({ secret: z.string().max(200) }),
    body: smsReportSchema,
    response: 'file',
  },
});

export type DeliveriesContract = typeof deliveriesContract;
