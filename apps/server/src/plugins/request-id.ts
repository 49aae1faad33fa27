import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Echo the request id so that a person reporting a failure can quote it. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
