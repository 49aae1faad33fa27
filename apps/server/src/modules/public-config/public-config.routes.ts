import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@firm/shared';

/**
 * Run-time settings the browser may know. The Maps key is public by nature (Google restricts it by
 * referrer), but it belongs to the deployment, not the build: one build serves any install.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['public'],
        summary: 'Settings the website reads at run time (the maps key)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { googleMapsApiKey: app.config.googleMapsApiKey ?? null };
    },
  );
};
