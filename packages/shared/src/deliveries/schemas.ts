import { z } from 'zod';
import { DELIVERY_CHANNELS, DELIVERY_MESSAGES, DELIVERY_STATUSES } from './texts';
import { idParamsSchema, paginationSchema } from '../common/fields';
import { queryEnum, queryLimit, queryPage, querySearch } from '../common/list-query';

/**
 * The delivery log's contract (apps/server/src/modules/deliveries/delivery-log.routes.ts): System
 * Settings → Deliveries reads the outbox of every email and SMS (ADR 028).
 */

/** The longest search of a kind ("password reset"). */
export const DELIVERY_SEARCH_MAX = 100;

/**
 * GET /api/deliveries: newest first; `search` matches what was sent, by its label ("password
 * reset") or its code (`password_reset`).
 */
export const deliveriesQuerySchema = z.object({
  status: queryEnum(DELIVERY_STATUSES, 'Status'),
  channel: queryEnum(DELIVERY_CHANNELS, 'Channel'),
  search: querySearch(DELIVERY_SEARCH_MAX),
  page: queryPage,
  limit: queryLimit,
});
export type DeliveriesQuery = z.input<typeof deliveriesQuerySchema>;
export type DeliveriesFilters = z.output<typeof deliveriesQuerySchema>;

export const deliveryIdParamsSchema = idParamsSchema(DELIVERY_MESSAGES.invalidId);

/**
 * One message as the screen shows it. The recipient is masked by the server (`ja•••@gmail.com`,
 * `+254 7•• ••• 369`); the body, reply-to address and attachments are never part of it.
 */
export const deliveryViewSchema = z.object({
  id: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  kind: z.string(),
  kindLabel: z.string(),
  recipient: z.string(),
  /** Emails only. */
  subject: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** While queued: when the next attempt is due. */
  nextAttemptAt: z.string().nullable(),
  /** When an advocate last sent it again by hand. */
  retriedAt: z.string().nullable(),
  /** The provider's reason for the last failure, in its words. */
  lastError: z.string().nullable(),
  /** Africa's Talking's delivery report (Success, Failed …), for an SMS. */
  providerStatus: z.string().nullable(),
  /** It held a one-time link: blanked once it went or failed, so it can never be retried. */
  isConfidential: z.boolean(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const deliveriesPageSchema = z.object({
  deliveries: z.array(deliveryViewSchema),
  total: z.number().int(),
  pagination: paginationSchema,
});
export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;

/** POST /api/deliveries/:id/retry: the message, queued again. */
export const deliveryRetriedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  delivery: deliveryViewSchema,
});
export type DeliveryRetried = z.infer<typeof deliveryRetriedSchema>;
