import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@firm/shared';
import { contactMessagesContract as contract } from '@firm/shared/contact-messages/contract';
import { submitContactMessage } from './contact-messages.service';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

export const contactMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(contract.sendContactMessage, {
      tags: ['public'],
      errors: errorResponses(400, 429),
    }),
    // Mobile networks in Kenya put many people behind one address (CGNAT): be generous.
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
      const { reference } = await submitContactMessage(
        {
          db: app.db,
          outbox: app.outbox,
          firmNotifyEmail: app.config.firmNotifyEmail,
          logger: request.log,
        },
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true, message: MESSAGES.contactSuccess, reference });
    },
  });
};
