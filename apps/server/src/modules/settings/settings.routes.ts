import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { PROFILE_MESSAGES } from '@firm/shared';
import { settingsContract as contract } from '@firm/shared/settings/contract';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import {
  answerDataRequest,
  auditLogCsv,
  auditLogPage,
  dataRequestList,
  rotateSuperKey,
  superKeyStatus,
  type SettingsDeps,
} from './settings.service';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['system settings'], errors });

/** `/api/settings/*`: System Settings, advocates only (`settings:view`). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SettingsDeps = { db: app.db, superKey: app.superKey };
  const mayViewSettings = [app.requirePermission('settings:view')];

  app.route({
    ...route(contract.listAuditLog),
    onRequest: mayViewSettings,
    handler: async (request) => auditLogPage(deps, request.query),
  });

  const csv = route(contract.downloadAuditLogCsv);
  app.route({
    ...csv,
    schema: {
      ...csv.schema,
      // The API description names the file's type; a stream: Fastify sends it as it is, without
      // the serializer.
      produces: ['text/csv'],
      response: { 200: z.unknown().describe('The CSV file'), ...errors },
    },
    onRequest: mayViewSettings,
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const stream = Readable.from(
        auditLogCsv(deps, currentUser(request), request.query, requestMeta(request)),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.route({
    ...route(contract.listDataRequests),
    onRequest: mayViewSettings,
    handler: async () => ({ requests: await dataRequestList(deps) }),
  });

  app.route({
    ...route(contract.answerDataRequest),
    onRequest: mayViewSettings,
    handler: async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.requestUpdated,
      request: await answerDataRequest(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.superKeyStatus),
    onRequest: mayViewSettings,
    handler: async () => superKeyStatus(deps),
  });

  app.route({
    ...route(contract.rotateSuperKey),
    onRequest: mayViewSettings,
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.superKeyRotated,
      superKey: await rotateSuperKey(deps, currentUser(request), requestMeta(request)),
    }),
  });
};
