import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deadlinesContract as contract } from '@firm/shared/deadlines/contract';
import { currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { limitationPeriodsAnswer, saveLimitationPeriods } from './limitation-periods.service';

const options = { tags: ['system settings'], errors: errorResponses(400, 401, 403) };

/** `/api/settings/limitation-periods`: System Settings → Limitation periods, advocates only. */
export const limitationPeriodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayViewSettings = () => [app.requirePermission('settings:view')];

  app.route({
    ...contractRoute(contract.listLimitationPeriods, options),
    onRequest: mayViewSettings(),
    handler: async () => limitationPeriodsAnswer(app.db),
  });

  app.route({
    ...contractRoute(contract.saveLimitationPeriods, options),
    onRequest: mayViewSettings(),
    handler: async (request) =>
      saveLimitationPeriods(app.db, currentUser(request), request.body, requestMeta(request)),
  });
};
