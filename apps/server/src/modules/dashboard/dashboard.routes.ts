import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, dashboardStatsSchema } from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { dashboardStats } from './dashboard.service';

/** `GET /api/dashboard/stats`: every signed-in person, sections by role and toggles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The caller's dashboard in one answer: the sections their role and toggles allow",
        response: { 200: dashboardStatsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      onRequest: [app.requirePermission('dashboard:view')],
    },
    async (request) =>
      dashboardStats(
        { db: app.db, firmNotifyEmail: app.config.firmNotifyEmail, logger: request.log },
        currentUser(request),
      ),
  );
};
