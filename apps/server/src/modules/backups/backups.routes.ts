import {
  backupScheduleInputSchema,
  backupsAnswerSchema,
  backupStartedSchema,
  BACKUP_MESSAGES,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses, requestMeta } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import { backupsAnswer, changeBackupHour, toBackupRun } from './backups.answers';
import { BackupRefusal } from './backups.service';

const errors = errorResponses(400, 401, 403, 409);

/** `/api/settings/backups`: System Settings → Backups, advocates only (ADR 039). */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const advocatesOnly = [app.requirePermission('settings:view')];
  const tags = ['system settings'];
  const deps = (request: { log: FastifyBaseLogger }) => ({
    db: app.db,
    config: app.config,
    logger: request.log,
  });

  app.get(
    '/settings/backups',
    {
      schema: {
        tags,
        summary: 'The last backups, the nightly schedule, where archives go (never the passphrase)',
        response: { 200: backupsAnswerSchema, ...errors },
      },
      onRequest: advocatesOnly,
    },
    async (request) => backupsAnswer(deps(request), new Date()),
  );

  app.post(
    '/settings/backups',
    {
      schema: {
        tags,
        summary: 'Start a backup now: 202 once claimed; 409 if one is running or none can run',
        response: { 202: backupStartedSchema, ...errors },
      },
      onRequest: advocatesOnly,
    },
    async (request, reply) => {
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
  );

  app.put(
    '/settings/backups/schedule',
    {
      schema: {
        tags,
        summary: 'Move the nightly backup to another Nairobi hour (audited)',
        body: backupScheduleInputSchema,
        response: { 200: backupsAnswerSchema, ...errors },
      },
      onRequest: advocatesOnly,
    },
    async (request) => {
      await changeBackupHour(
        deps(request),
        currentUser(request),
        request.body.hour,
        requestMeta(request),
      );
      return backupsAnswer(deps(request), new Date());
    },
  );
};
