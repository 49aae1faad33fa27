import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsContract as contract } from '@firm/shared/settings/contract';
import { currentUser } from '../../plugins/auth';
import {
  firmSettingsAnswer,
  updateFirmSettings,
  type FirmSettingsDeps,
} from './firm-settings.service';
import { contractRoute, errorResponses } from '../../lib/route-kit';
import { paybillConnection } from '../paybill/paybill-connection';

const options = { tags: ['system settings'], errors: errorResponses(400, 401, 403) };

/** `/api/settings/firm`: System Settings → Firm settings, advocates only. */
export const firmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: { log: FirmSettingsDeps['logger'] }): FirmSettingsDeps => ({
    db: app.db,
    firmNotifyEmail: app.config.firmNotifyEmail,
    ...(request.log ? { logger: request.log } : {}),
  });
  const mayViewSettings = () => [app.requirePermission('settings:view')];
  // The M-Pesa section also says whether the paybill's addresses are registered (ADR 048).
  const connection = () =>
    paybillConnection(app.db, { publicUrl: app.config.publicUrl, mpesa: app.config.mpesa });

  app.route({
    ...contractRoute(contract.getFirmSettings, options),
    onRequest: mayViewSettings(),
    handler: async (request) => ({
      ...(await firmSettingsAnswer(deps(request))),
      paybillConnection: await connection(),
    }),
  });

  app.route({
    ...contractRoute(contract.saveFirmSettings, options),
    onRequest: mayViewSettings(),
    handler: async (request) => ({
      ...(await updateFirmSettings(
        deps(request),
        currentUser(request),
        request.body,
        { ip: request.ip },
        request.query.reviewed,
      )),
      paybillConnection: await connection(),
    }),
  });
};
