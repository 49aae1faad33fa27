import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, contactMessageCreatedSchema, contactMessageInputSchema } from '@firm/shared';
import { submitContactMessage } from './contact-messages.service';
import { errorResponses, requestMeta } from '../../lib/route-kit';

export const contactMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact-messages',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message to the firm from the contact form',
        body: contactMessageInputSchema,
        response: { 201: contactMessageCreatedSchema, ...errorResponses(400, 429) },
      },
      // Mobile networks in Kenya put many people behind one address (CGNAT): be generous.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
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
  );
};
