import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  PROFILE_MESSAGES,
  auditLogPageSchema,
  auditLogQuerySchema,
  dataRequestIdParamsSchema,
  dataRequestListSchema,
  dataRequestUpdatedSchema,
  superKeyRotatedSchema,
  superKeyStatusSchema,
  updateDataRequestInputSchema,
} from '@firm/shared';
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
import { errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);

/** `/api/settings/*`: System Settings, advocates only (`settings:view`). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SettingsDeps = { db: app.db, superKey: app.superKey };
  const mayViewSettings = [app.requirePermission('settings:view')];
  const tags = ['system settings'];

  app.get(
    '/settings/audit-log',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered and paged',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async (request) => auditLogPage(deps, request.query),
  );

  app.get(
    '/settings/audit-log/csv',
    {
      schema: {
        tags,
        summary:
          'The whole filtered audit log as a CSV file (streamed; formula-like cells neutralised)',
        querystring: auditLogQuerySchema,
        produces: ['text/csv'],
        // A stream: Fastify sends it as it is, without the serializer.
        response: { 200: z.unknown().describe('The CSV file'), ...errors },
      },
      onRequest: mayViewSettings,
    },
    async (request, reply) => {
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
  );

  app.get(
    '/settings/data-requests',
    {
      schema: {
        tags,
        summary: 'Data-protection requests, open ones first',
        response: { 200: dataRequestListSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async () => ({ requests: await dataRequestList(deps) }),
  );

  app.put(
    '/settings/data-requests/:id',
    {
      schema: {
        tags,
        summary: 'Answer a data-protection request: done, refused (with a reason) or open again',
        params: dataRequestIdParamsSchema,
        body: updateDataRequestInputSchema,
        response: { 200: dataRequestUpdatedSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async (request) => ({
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
  );

  app.get(
    '/settings/super-key',
    {
      schema: {
        tags,
        summary: 'Where the advocate registration key comes from (never the key)',
        response: { 200: superKeyStatusSchema, ...errors },
      },
      onRequest: mayViewSettings,
    },
    async () => superKeyStatus(deps),
  );

  app.post(
    '/settings/super-key/rotate',
    {
      schema: {
        tags,
        summary: 'Replace a generated registration key; the new key is shown once',
        response: { 200: superKeyRotatedSchema, ...errors },
      },
      onRequest: mayViewSettings,
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.superKeyRotated,
      superKey: await rotateSuperKey(deps, currentUser(request), requestMeta(request)),
    }),
  );
};
