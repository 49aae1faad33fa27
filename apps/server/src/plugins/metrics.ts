import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '@firm/shared';
import { sameSecret } from '../lib/same-secret';
import { countQueuedAndFailed } from '../modules/deliveries/deliveries.repository';

export interface MetricsOptions {
  /**
   * When the last good backup finished, or null if there has been none: the source of
   * `backup_last_success_age_seconds` (the backups' module gives it; ADR 040). Unset: the gauge
   * is left out, so an alert on its absence says the hook is not wired.
   */
  backupLastSuccess?: () => Promise<Date | null> | Date | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry GET /metrics serves, for a module's own metrics; null when METRICS_TOKEN is
     * unset (metrics off).
     */
    metrics: Registry | null;
  }
}

/** A route's pattern (`/api/cases/:id`), never the address with its ids; unmatched share one. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

function bearerToken(request: FastifyRequest): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/**
 * GET /metrics in Prometheus's text format (prom-client), for the firm's monitoring
 * (docs/deploy.md#what-to-watch, ADR 040). Off unless METRICS_TOKEN is set: then 404, as for any
 * unknown address, and nothing is measured. On: only a request bearing that token is answered
 * (compared in constant time); Caddy does not pass /metrics from outside (deploy/Caddyfile).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('metrics', null);
      // Answered here, so the web app's fallback never serves its page at this address.
      app.get('/metrics', { schema: { hide: true } }, (_request, reply) =>
        reply.status(404).send({ message: MESSAGES.routeNotFound }),
      );
      return;
    }

    const registry = new Registry();
    app.decorate('metrics', registry);
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const labels = {
        method: request.method,
        route: routeOf(request),
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'job_queue_waiting_jobs',
      help: 'Jobs waiting to run (created, or waiting for a retry), by queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [queue, waiting] of await app.jobQueue.waitingJobs()) {
          this.set({ queue }, waiting);
        }
      },
    });
    new Counter({
      name: 'job_queue_failures_total',
      help: 'Runs of a job handler that failed in this process since it started, by queue',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        // The job queue keeps the count (lib/job-queue.ts); it only ever grows.
        this.reset();
        for (const [queue, failures] of app.jobQueue.handlerFailures()) {
          this.inc({ queue }, failures);
        }
      },
    });
    new Gauge({
      name: 'outbox_deliveries',
      help: 'Emails and SMS in the outbox: queued (waiting to go) and failed (given up)',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const counts = await countQueuedAndFailed(app.db);
        this.set({ status: 'queued' }, counts.queued);
        this.set({ status: 'failed' }, counts.failed);
      },
    });
    const { backupLastSuccess } = options;
    if (backupLastSuccess) {
      new Gauge({
        name: 'backup_last_success_age_seconds',
        help: 'Seconds since the last good backup finished (+Inf: none yet)',
        registers: [registry],
        async collect() {
          const last = await backupLastSuccess();
          this.set(last ? Math.max(0, (Date.now() - last.getTime()) / 1000) : Infinity);
        },
      });
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!sameSecret(bearerToken(request), token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: MESSAGES.metricsTokenRequired });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
