import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  firmSettingsAnswerSchema,
  firmSettingsSavedSchema,
  firmSettingsSaveQuerySchema,
  firmSettingsSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import {
  firmSettingsAnswer,
  updateFirmSettings,
  type FirmSettingsDeps,
} from './firm-settings.service';
import { errorResponses } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403);

/** `/api/settings/firm`: System Settings → Firm settings, advocates only. */
export const firmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: { log: FirmSettingsDeps['logger'] }): FirmSettingsDeps => ({
    db: app.db,
    firmNotifyEmail: app.config.firmNotifyEmail,
    ...(request.log ? { logger: request.log } : {}),
  });
  const mayViewSettings = () => [app.requirePermission('settings:view')];
  const tags = ['system settings'];

  app.get(
    '/settings/firm',
    {
      schema: {
        tags,
        summary: 'The firm settings in force (the defaults until an advocate saves them)',
        response: { 200: firmSettingsAnswerSchema, ...errors },
      },
      onRequest: mayViewSettings(),
    },
    async (request) => firmSettingsAnswer(deps(request)),
  );

  app.put(
    '/settings/firm',
    {
      schema: {
        tags,
        summary: 'Save the firm settings (all of them); audited with what changed',
        querystring: firmSettingsSaveQuerySchema,
        body: firmSettingsSchema,
        response: { 200: firmSettingsSavedSchema, ...errors },
      },
      onRequest: mayViewSettings(),
    },
    async (request) =>
      updateFirmSettings(
        deps(request),
        currentUser(request),
        request.body,
        { ip: request.ip },
        request.query.reviewed,
      ),
  );
};
