import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELIVERY_MESSAGES } from '@firm/shared';
import { deliveriesContract as contract } from '@firm/shared/deliveries/contract';
import { currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { deliveriesPage, retryDelivery, type DeliveriesDeps } from './delivery-log.service';

const options = { tags: ['system settings'], errors: errorResponses(400, 401, 403, 404, 409) };

/**
 * `/api/deliveries`: System Settings → Deliveries, advocates only (`settings:view`), like the
 * rest of System Settings. Africa's Talking's delivery reports come in at
 * `/api/deliveries/sms-reports/…` (delivery-reports.routes.ts), which no person calls.
 */
export const deliveryLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DeliveriesDeps = { db: app.db, outbox: app.outbox };
  const mayViewSettings = [app.requirePermission('settings:view')];

  app.route({
    ...contractRoute(contract.listDeliveries, options),
    onRequest: mayViewSettings,
    handler: async (request) => deliveriesPage(deps, request.query),
  });

  app.route({
    ...contractRoute(contract.retryDelivery, options),
    onRequest: mayViewSettings,
    handler: async (request) => {
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
  });
};
