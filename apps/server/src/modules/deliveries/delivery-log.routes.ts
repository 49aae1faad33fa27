import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DELIVERY_MESSAGES,
  deliveriesPageSchema,
  deliveriesQuerySchema,
  deliveryIdParamsSchema,
  deliveryRetriedSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { errorResponses, requestMeta } from '../../lib/route-kit';
import { deliveriesPage, retryDelivery, type DeliveriesDeps } from './delivery-log.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * `/api/deliveries`: System Settings → Deliveries, advocates only (`settings:view`), like the
 * rest of System Settings. Africa's Talking's delivery reports come in at
 * `/api/deliveries/sms-reports/…` (delivery-reports.routes.ts), which no person calls.
 */
export const deliveryLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DeliveriesDeps = { db: app.db, outbox: app.outbox };
  const mayViewSettings = [app.requirePermission('settings:view')];
  const tags = ['system settings'];

  app.get(
    '/deliveries',
    {
      schema: {
        tags,
        summary:
          'Every email and SMS sent, newest first, filtered and paged (recipients masked; never a body)',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveriesPageSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async (request) => deliveriesPage(deps, request.query),
  );

  app.post(
    '/deliveries/:id/retry',
    {
      schema: {
        tags,
        summary:
          'Send a failed message again, with 24 hours of retries from now (not one that held a one-time link)',
        params: deliveryIdParamsSchema,
        response: { 200: deliveryRetriedSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async (request) => {
      const delivery = await retryDelivery(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: DELIVERY_MESSAGES.retried(
          delivery.channel,
          delivery.kindLabel,
          delivery.recipient,
        ),
        delivery,
      };
    },
  );
};
