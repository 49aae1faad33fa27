import { configuredMpesaNumber } from '../../lib/daraja';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, setupChecklistSchema } from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { dashboardStats, setupChecklist } from './dashboard.service';
import { errorResponses } from '../../lib/route-kit';

/** `GET /api/dashboard/stats`: every signed-in person, sections by role and toggles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The caller's dashboard in one answer: the sections their role and toggles allow",
        response: { 200: dashboardStatsSchema, ...errorResponses(401, 403) },
      },
      onRequest: [app.requirePermission('dashboard:view')],
    },
    async (request) =>
      dashboardStats(
        {
          db: app.db,
          firmNotifyEmail: app.config.firmNotifyEmail,
          mpesa: configuredMpesaNumber(app.config.mpesa),
          logger: request.log,
        },
        currentUser(request),
      ),
  );

  // The setup checklist (ADR 027): advocates, who alone reach the settings it leads to.
  app.get(
    '/dashboard/setup',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The firm's setup checklist, each item ticked from the data",
        response: { 200: setupChecklistSchema, ...errorResponses(401, 403) },
      },
      onRequest: [app.requirePermission('settings:view')],
    },
    async (request) =>
      setupChecklist({
        db: app.db,
        firmNotifyEmail: app.config.firmNotifyEmail,
        logger: request.log,
      }),
  );
};
