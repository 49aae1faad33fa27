import { createSuperKeyStore } from './lib/super-key';
import { etimsPlugin } from './modules/etims/etims.plugin';
import { loadTwoFactorKey, secretBox } from './lib/secret-box';
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
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
import { BackgroundTasks } from './lib/background-tasks';
import { createMailer, mailDirectory, type Mailer } from './lib/mailer';
import { africasTalkingSender, fileSmsSender, smsDirectory, type SmsSender } from './lib/sms';
import { outboxPlugin } from './modules/deliveries/outbox';
import { jobQueuePlugin } from './plugins/job-queue';
import { apiRoutes } from './modules/api.routes';
import { DomainEventBus } from './lib/domain-events';
import { followCaseEvents } from './modules/messages/case-events';
import { followAccountEvents } from './modules/notifications/account-events';
import { followDeliveryFailures } from './modules/deliveries/delivery-failures';
import { followFeeNoteEmails } from './modules/billing/fee-note-client-email';
import { configuredMpesaNumber } from './lib/daraja';
import {
  appointmentRemindersPlugin,
  type AppointmentReminderOptions,
} from './modules/appointments/appointment-reminders';
import { courtDateRemindersPlugin } from './modules/court-dates/court-date-reminders';
import {
  messageNoticesPlugin,
  type MessageNoticeOptions,
} from './modules/messages/message-notices';
import {
  notificationsPlugin,
  type NotificationsPluginOptions,
} from './modules/notifications/notifications.plugin';
import { authPlugin } from './plugins/auth';
import { apiDocsPlugin } from './plugins/api-docs';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { metricsPlugin, type MetricsOptions } from './plugins/metrics';
import { requestIdPlugin } from './plugins/request-id';
import {
  retentionSchedulePlugin,
  type RetentionScheduleOptions,
} from './plugins/retention-schedule';
import { copyRouteHookArrays } from './plugins/route-hook-arrays';
import { securityPlugin } from './plugins/security';
import { storedFilesSweepPlugin, type StoredFilesSweepOptions } from './plugins/stored-files-sweep';
import { apiNotFoundPlugin, webAppPlugin } from './plugins/web-app';
import { closePdfPool } from './modules/billing/pdf-render-pool';
import { backupsPlugin, type BackupsPluginOptions } from './modules/backups/backups.plugin';
import { defaultWriteArchive } from './modules/backups/default-engine';
import { backupChannelPlugin } from './modules/backups/backup-channel';
import { lastGoodBackupFinishedAt } from './modules/backups/backups.service';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Overrides the SMS transport (Africa's Talking with AT_* settings, else text files). */
  smsSender?: SmsSender;
  /** Seconds between the outbox workers' polls when idle (tests shorten it). */
  outboxPollingIntervalSeconds?: number;
  /** Overrides the logger (tests capture or silence it). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The daily purge of expired personal data (on by default). API tests turn it off and call
   * `purgeExpiredData` with the time they need.
   */
  retentionSchedule?: RetentionScheduleOptions | false;
  /**
   * The 24-hour appointment and court-date reminders (on by default; API tests call
   * `sendDueReminders` and `sendDueCourtReminders`).
   */
  appointmentReminders?: AppointmentReminderOptions | false;
  /** The unread-message emails (on by default; API tests call `sendMessageNotices`). */
  messageNotices?: MessageNoticeOptions | false;
  /** Shorter waits on slow clients (tests); the defaults are explained in lib/http-timeouts.ts. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Prefix of the Redis keys (tests give each run its own). */
  redisKeyPrefix?: string;
  /** Live notification streams (tests shorten the heartbeat). */
  notifications?: NotificationsPluginOptions;
  /**
   * Leftovers of interrupted uploads in DOCUMENTS_DIR, swept at start-up and daily (on by
   * default; API tests call `sweepStoredFiles` with the time they need).
   */
  storedFilesSweep?: StoredFilesSweepOptions | false;
  /** GET /metrics (on with METRICS_TOKEN): the source of the last good backup's age. */
  metrics?: MetricsOptions;
  /**
   * Backups (ADR 039): the archive engine (the real one by default; the tests of the runs' rules
   * pass a double), the hourly schedule (on by default; API tests turn it off and call
   * `app.backups.tick`), and the lease's timing.
   */
  backups?: Partial<BackupsPluginOptions>;
  /**
   * The paybill's daily sweep on its morning schedule (ADR 054; on by default). API tests turn it
   * off and run it through POST /api/settings/mpesa/sweep or `runPaybillSweep`.
   */
  paybillSweepSchedule?: boolean;
}

/** Builds the whole application: plugins, then modules. It never listens (server.ts does). */
export async function buildApp({
  config,
  database,
  mailer,
  smsSender,
  outboxPollingIntervalSeconds,
  logger,
  retentionSchedule = {},
  appointmentReminders = {},
  messageNotices = {},
  httpTimeouts,
  redisKeyPrefix = 'firm:',
  notifications = {},
  storedFilesSweep = {},
  metrics = {},
  backups = {},
  paybillSweepSchedule = true,
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

  app.decorate(
    'superKey',
    createSuperKeyStore({ configured: config.advocateSuperKey, dataDir: config.dataDir }, app.log),
  );
  app.decorate(
    'twoFactorBox',
    secretBox(
      loadTwoFactorKey({ configured: config.twoFactorKey, dataDir: config.dataDir }, app.log),
    ),
  );
  app.decorate('backgroundTasks', new BackgroundTasks(app.log));
  app.decorate('domainEvents', new DomainEventBus());
  // Queued emails finish before the database they read is closed; the SMTP pool closes last
  // (the plugins' onClose hooks run first, then these in the reverse order of their adding:
  // after the job queue, and so the outbox, has stopped).
  // The PDF threads end last, once the background tasks (an email's PDF among them) are done.
  app.addHook('onClose', closePdfPool);
  app.addHook('onClose', async () => app.mailer.close?.());
  app.addHook('onClose', async () => app.backgroundTasks.drain());

  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  // Before every route, so each answer is counted (by its route's pattern).
  // The last good backup's age comes from the backups' own record unless a test gives its own.
  await app.register(metricsPlugin, {
    backupLastSuccess: () => lastGoodBackupFinishedAt(app.db),
    ...metrics,
  });
  // With REDIS_URL every server process counts against the same limits.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  app.decorate('redis', redis);
  app.decorate('redisKeyPrefix', redisKeyPrefix);
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  copyRouteHookArrays(app);
  // Limits are set per route (sign-in, forms); the store is Redis when configured, else memory.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      AppError.tooManyRequests(MESSAGES.tooManyRequestsRetryIn(Math.ceil(context.ttl / 1000))),
  });
  // Modules above hear what those below them announce (lib/domain-events.ts).
  // The job queue and the outbox's workers start before the routes that queue deliveries.
  await app.register(jobQueuePlugin);
  await app.register(outboxPlugin, {
    transports: {
      mailer: app.mailer,
      sms:
        smsSender ??
        (config.africasTalking
          ? africasTalkingSender(config.africasTalking, app.log)
          : fileSmsSender(smsDirectory(config.dataDir), app.log)),
    },
    publicUrl: config.publicUrl,
    ...(outboxPollingIntervalSeconds
      ? { pollingIntervalSeconds: outboxPollingIntervalSeconds }
      : {}),
  });
  // KRA eTIMS' set-up at start-up and its sweep (ADR 049), before the routes that use it.
  await app.register(etimsPlugin);
  followAccountEvents(app.domainEvents);
  followCaseEvents(app.domainEvents);
  followDeliveryFailures(app.domainEvents);
  // A fee note's client email, due once KRA has answered or 24 hours have passed (ADR 049).
  followFeeNoteEmails(app.domainEvents, {
    db: app.db,
    firmNotifyEmail: config.firmNotifyEmail,
    mpesa: configuredMpesaNumber(config.mpesa),
    logger: app.log,
  });
  await app.register(backupsPlugin, { writeArchive: defaultWriteArchive, ...backups });
  await app.register(authPlugin);
  await app.register(notificationsPlugin, notifications);
  await app.register(apiDocsPlugin);
  await app.register(apiRoutes, { prefix: '/api', paybillSweepSchedule });
  // `npm run backup` asks a server on the embedded database through this (ADR 039).
  await app.register(backupChannelPlugin);

  if (config.webDistDir) {
    await app.register(webAppPlugin, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  } else {
    await app.register(apiNotFoundPlugin);
  }
  if (retentionSchedule) await app.register(retentionSchedulePlugin, retentionSchedule);
  if (appointmentReminders) {
    await app.register(appointmentRemindersPlugin, appointmentReminders);
    // Court dates' day-before reminders run beside appointments' (ADR 025).
    await app.register(courtDateRemindersPlugin, appointmentReminders);
  }
  if (messageNotices) await app.register(messageNoticesPlugin, messageNotices);
  if (storedFilesSweep) await app.register(storedFilesSweepPlugin, storedFilesSweep);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
