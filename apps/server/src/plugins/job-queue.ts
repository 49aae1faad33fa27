import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startJobQueue } from '../lib/job-queue';
import { ScheduledJobs } from '../lib/scheduled-job';

/**
 * Starts the job queue with the app and stops it on close, before server.ts closes the database
 * (a job in hand finishes first). Modules register their queues and workers on `app.jobQueue`.
 */
export const jobQueuePlugin = fp(
  async (app: FastifyInstance) => {
    const queue = await startJobQueue(app.database, app.log.child({ component: 'job-queue' }));
    app.decorate('jobQueue', queue);
    app.decorate('scheduledJobs', new ScheduledJobs());
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'job-queue' },
);
