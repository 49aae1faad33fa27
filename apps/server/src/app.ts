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
import { HTTP_TIMEOUTS, httpTimeoutOptions, type HttpTimeouts } from './lib/http-timeouts';
import { logSerializers } from './lib/log';
import { createMailer, mailDirectory, type Mailer } from './lib/mailer';
import { apiRoutes } from './modules/api.routes';
import { authPlugin } from './plugins/auth';
import { apiDocsPlugin } from './plugins/api-docs';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
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
  /** Shorter waits on slow clients (tests); the defaults are explained in lib/http-timeouts.ts. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/** Builds the whole application: plugins, then modules. It never listens (server.ts does). */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
  retentionSchedule = {},
  httpTimeouts,
}: BuildAppOptions) {
  const app = Fastify({
    // Tests may replace the level or the stream; the serializers that keep secrets out stay.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(typeof logger === 'object' ? logger : {}),
            serializers: logSerializers,
          },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...httpTimeoutOptions({ ...HTTP_TIMEOUTS, ...httpTimeouts }),
    // Requests Fastify or Node reject before any route runs still answer the error contract.
    frameworkErrors,
    clientErrorHandler,
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
