import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BackgroundTasks } from './lib/background-tasks';
import type { DomainEventBus } from './lib/domain-events';
import type { JobQueue } from './lib/job-queue';
import type { ScheduledJobs } from './lib/scheduled-job';
import type { Mailer } from './lib/mailer';
import type { Outbox } from './modules/deliveries/outbox';
import type { SuperKeyStore } from './lib/super-key';
import type { SecretBox } from './lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** The advocate registration key: where it comes from, and its rotation. */
    superKey: SuperKeyStore;
    /** Seals authenticator keys at rest (ADR 037). */
    twoFactorBox: SecretBox;
    /** What modules announce for the modules above them (lib/domain-events.ts), this app's own. */
    domainEvents: DomainEventBus;
    /** Work done after the answer (emails); `drain()` awaits it. */
    backgroundTasks: BackgroundTasks;
    /** The job queue (pg-boss on the app's database, ADR 028). */
    jobQueue: JobQueue;
    /** The periodic work on the job queue's schedules (lib/scheduled-job.ts). */
    scheduledJobs: ScheduledJobs;
    /** Every email and SMS goes through here: `queueDelivery` in a transaction, then `dispatch`. */
    outbox: Outbox;
    /** Shared counters (REDIS_URL), or null: counters live in this process. */
    redis: Redis | null;
    /** Prefix of every key this app writes to Redis. */
    redisKeyPrefix: string;
  }
}
