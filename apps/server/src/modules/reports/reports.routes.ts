import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsContract as contract } from '@firm/shared/reports/contract';
import { currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { buildReport, reportCsv, type ReportsDeps } from './reports.service';

/**
 * `GET /api/reports/{kind}`: advocates, and admins with canAccessReports (`reports:view`); the
 * toggle is read on every request, so switching it off refuses the next one.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoute(contract.getReport, {
    tags: ['reports'],
    errors: errorResponses(400, 401, 403),
  });
  app.route({
    ...route,
    // The API description names both answers' types (the contract has no word for it).
    schema: { ...route.schema, produces: ['application/json', 'text/csv'] },
    onRequest: [app.requirePermission('reports:view')],
    handler: async (request, reply) => {
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
  });
};
