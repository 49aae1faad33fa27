import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportParamsSchema, reportQuerySchema, reportSchema } from '@firm/shared';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { errorResponses, requestMeta } from '../../lib/route-kit';
import { buildReport, reportCsv, type ReportsDeps } from './reports.service';

/**
 * `GET /api/reports/{kind}`: advocates, and admins with canAccessReports (`reports:view`); the
 * toggle is read on every request, so switching it off refuses the next one.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/:kind',
    {
      schema: {
        tags: ['reports'],
        summary:
          'A report (caseload, appointments, enquiries, service, money) for Nairobi days, beside the period before; `format=csv` downloads it',
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: reportSchema.or(z.string().describe('The CSV file')),
          ...errorResponses(400, 401, 403),
        },
      },
      onRequest: [app.requirePermission('reports:view')],
    },
    async (request, reply) => {
      const deps: ReportsDeps = {
        db: app.db,
        firmNotifyEmail: app.config.firmNotifyEmail,
        logger: request.log,
      };
      const { kind } = request.params;
      if (request.query.format !== 'csv') {
        return buildReport(deps, currentUser(request), kind, request.query);
      }
      const { csv, filename } = await reportCsv(
        deps,
        currentUser(request),
        kind,
        request.query,
        requestMeta(request),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
