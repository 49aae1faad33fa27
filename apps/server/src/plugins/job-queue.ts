import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startJobQueue, stopJobQueue } from '../lib/job-queue';
import { ScheduledJobs } from '../lib/scheduled-job';

/**
 * Starts the job queue with the app and stops it on close, before server.ts closes the database
 * (a job in hand finishes first). Modules register their queues and workers on `app.jobQueue`.
 */
export const jobQueuePlugin = fp(
  async (app: FastifyInstance) => {
    const boss = await startJobQueue(app.database, app.log.child({ component: 'job-queue' }));
    app.decorate('jobQueue', boss);
    app.decorate('scheduledJobs', new ScheduledJobs());
    app.addHook('onClose', async () => stopJobQueue(boss));
  },
  { name: 'job-queue' },
);
