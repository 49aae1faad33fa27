import { configuredMpesaNumber } from '../../lib/daraja';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardContract as contract } from '@firm/shared/dashboard/contract';
import { currentUser } from '../../plugins/auth';
import { dashboardStats, setupChecklist } from './dashboard.service';
import { contractRoute, errorResponses } from '../../lib/route-kit';

const options = { tags: ['dashboard'], errors: errorResponses(401, 403) };

/** `GET /api/dashboard/stats`: every signed-in person, sections by role and toggles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(contract.dashboardStats, options),
    onRequest: [app.requirePermission('dashboard:view')],
    handler: async (request) =>
      dashboardStats(
        {
          db: app.db,
          firmNotifyEmail: app.config.firmNotifyEmail,
          mpesa: configuredMpesaNumber(app.config.mpesa),
          logger: request.log,
        },
        currentUser(request),
      ),
  });

  // The setup checklist (ADR 027): advocates, who alone reach the settings it leads to.
  app.route({
    ...contractRoute(contract.setupChecklist, options),
    onRequest: [app.requirePermission('settings:view')],
    handler: async (request) =>
      setupChecklist({
        db: app.db,
        firmNotifyEmail: app.config.firmNotifyEmail,
        logger: request.log,
      }),
  });
};
