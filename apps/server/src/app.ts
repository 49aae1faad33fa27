import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '@firm/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/app-error';
import { BackgroundTasks } from './lib/background-tasks';
import { createMailer, mailDirectory, type Mailer } from './lib/mailer';
import { apiRoutes } from './modules/api.routes';
import { authPlugin } from './plugins/auth';
import { apiDocsPlugin } from './plugins/api-docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { requestIdPlugin } from './plugins/request-id';
import {
  retentionSchedulePlugin,
  type RetentionScheduleOptions,
} from './plugins/retention-schedule';
import { securityPlugin } from './plugins/security';
import { apiNotFoundPlugin, webAppPlugin } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Overrides the logger (tests capture or silence it). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The daily purge of expired personal data (on by default). API tests turn it off and call
   * `purgeExpiredData` with the time they need.
   */
  retentionSchedule?: RetentionScheduleOptions | false;
}

/** Builds the whole application: plugins, then modules. It never listens (server.ts does). */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
  retentionSchedule = {},
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: mailDirectory(config.dataDir),
        logger: app.log,
      }),
  );

  app.decorate('backgroundTasks', new BackgroundTasks(app.log));
  // Queued emails finish before the database they read is closed.
  app.addHook('onClose', async () => app.backgroundTasks.drain());

  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  // Limits are set per route (sign-in, forms); the store is this process's memory.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      AppError.tooManyRequests(MESSAGES.tooManyRequestsRetryIn(Math.ceil(context.ttl / 1000))),
  });
  await app.register(authPlugin);
  await app.register(apiDocsPlugin);
  await app.register(apiRoutes, { prefix: '/api' });

  if (config.webDistDir) {
    await app.register(webAppPlugin, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  } else {
    await app.register(apiNotFoundPlugin);
  }
  if (retentionSchedule) await app.register(retentionSchedulePlugin, retentionSchedule);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
