import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@firm/shared';
import { healthContract as contract } from '@firm/shared/health/contract';
import { contractRoute } from '../../lib/route-kit';
import { checkReadiness } from './readiness';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(contract.health, { tags: ['system'], errors: { 503: healthSchema } }),
    handler: async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(reject, PING_TIMEOUT_MS).unref()),
        ]);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'unavailable' });
      }
    },
  });

  // Readiness, not liveness: a load balancer sends this process traffic only while it answers 200
  // (docs/deploy.md#what-to-watch, ADR 040). While server.ts is still migrating at start-up, a
  // stand-in on the port answers 503 here (startup.ts).
  app.route({
    ...contractRoute(contract.ready, { tags: ['system'], errors: { 503: readinessSchema } }),
    handler: async (_request, reply) => {
      const { ready, body } = await checkReadiness(app.database, app.jobQueue);
      return reply.status(ready ? 200 : 503).send(body);
    },
  });
};
