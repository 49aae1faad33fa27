import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigContract as contract } from '@firm/shared/public-config/contract';
import { contractRoute } from '../../lib/route-kit';
import { readFirmSettings } from '../settings/firm-settings.service';

/**
 * Run-time settings the browser may know. The Maps key is public by nature (Google restricts it by
 * referrer), but it belongs to the deployment, not the build: one build serves any install. The
 * appointment types' fees and durations come from the firm settings (never the rest of them: the
 * notification address and the auto-replies are the firm's business).
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(contract.getPublicConfig, { tags: ['public'], errors: {} }),
    handler: async (request, reply) => {
      const settings = await readFirmSettings({
        db: app.db,
        firmNotifyEmail: app.config.firmNotifyEmail,
        logger: request.log,
      });
      // Fees change when an advocate saves them: a browser may reuse the answer for a minute only.
      reply.header('cache-control', 'public, max-age=60');
      return {
        googleMapsApiKey: app.config.googleMapsApiKey ?? null,
        appointmentTypes: settings.appointmentTypes,
      };
    },
  });
};
