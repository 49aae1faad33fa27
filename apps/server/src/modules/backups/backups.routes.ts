import { BACKUP_MESSAGES } from '@firm/shared';
import { backupsContract as contract } from '@firm/shared/backups/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import { backupsAnswer, changeBackupHour, toBackupRun } from './backups.answers';
import { BackupRefusal } from './backups.service';

const options = { tags: ['system settings'], errors: errorResponses(400, 401, 403, 409) };

/** `/api/settings/backups`: System Settings → Backups, advocates only (ADR 039). */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const advocatesOnly = [app.requirePermission('settings:view')];
  const deps = (request: { log: FastifyBaseLogger }) => ({
    db: app.db,
    config: app.config,
    logger: request.log,
  });

  app.route({
    ...contractRoute(contract.getBackups, options),
    onRequest: advocatesOnly,
    handler: async (request) => backupsAnswer(deps(request), new Date()),
  });

  app.route({
    ...contractRoute(contract.startBackup, options),
    onRequest: advocatesOnly,
    handler: async (request, reply) => {
      try {
        const { run } = await app.backups.start({
          trigger: 'settings',
          requestedById: currentUser(request).id,
        });
        return reply.code(202).send({
          success: true,
          message: BACKUP_MESSAGES.started,
          run: toBackupRun({ ...run, requestedByName: null }),
        });
      } catch (error) {
        if (!(error instanceof BackupRefusal)) throw error;
        throw error.reason === 'running'
          ? AppError.conflict(error.message, 'BACKUP_RUNNING')
          : AppError.conflict(error.message, 'BACKUP_PASSPHRASE_MISSING');
      }
    },
  });

  app.route({
    ...contractRoute(contract.setBackupHour, options),
    onRequest: advocatesOnly,
    handler: async (request) => {
      await changeBackupHour(
        deps(request),
        currentUser(request),
        request.body.hour,
        requestMeta(request),
      );
      return backupsAnswer(deps(request), new Date());
    },
  });
};
