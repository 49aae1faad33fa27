import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupRuns, deliveries } from '../db/schema';
import { bearer, seedUser, sessionFor } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/helpers';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'firm-web-'));
  const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
  writeFileSync(path.join(dist, 'index.html'), html('<h1>Home</h1>'));
  writeFileSync(path.join(dist, '_app-shell.html'), html('<div id="root"></div>'));
  writeFileSync(path.join(dist, '404.html'), html('<h1>Page Not Found</h1>'));
  return dist;
}

/** One sample's value from the text format, e.g. `outbox_deliveries{status="queued"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === '+Inf' ? Infinity : Number(value);
}

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404 JSON, never the web app page', async () => {
    const ctx = await createTestContext({ WEB_DIST_DIR: fakeWebBuild() });
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The requested resource was not found' });
      expect(ctx.app.metrics).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let ctx: TestContext;
    let lastBackup: Date | null = null;
    const scrape = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    beforeAll(async () => {
      ctx = await createTestContext(
        { METRICS_TOKEN: TOKEN, WEB_DIST_DIR: fakeWebBuild() },
        { metrics: { backupLastSuccess: async () => lastBackup } },
      );
    });
    afterAll(() => ctx.close());

    it('answers 401 without the token, with a wrong one and with a session token', async () => {
      const advocate = await seedUser(ctx, { role: 'advocate', email: 'otieno@example.test' });
      const session = await sessionFor(ctx, advocate);
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN.slice(0, -1)}x`,
        `Bearer ${TOKEN}extra`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        bearer(session).authorization,
      ]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, authorization).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.json()).toEqual({
          message: 'The metrics need the bearer token set as METRICS_TOKEN',
        });
        expect(response.body).not.toContain('http_requests_total');
      }
    });

    it('counts requests by method, route pattern and status, never by the address with its ids', async () => {
      const advocate = await seedUser(ctx, { role: 'advocate', email: 'akinyi@example.test' });
      const headers = bearer(await sessionFor(ctx, advocate));
      const caseId = randomUUID();
      for (let i = 0; i < 3; i += 1) {
        const missing = await ctx.app.inject({
          method: 'GET',
          url: `/api/cases/${caseId}`,
          headers,
        });
        expect(missing.statusCode).toBe(404);
      }
      await ctx.app.inject({ method: 'GET', url: `/no-such-page/${caseId}` });

      const text = await scrape();
      expect(text).toContain('# TYPE http_requests_total counter');
      expect(
        sample(text, 'http_requests_total{method="GET",route="/api/cases/:id",status="404"}'),
      ).toBe(3);
      expect(
        sample(
          text,
          'http_request_duration_seconds_count{method="GET",route="/api/cases/:id",status="404"}',
        ),
      ).toBe(3);
      expect(
        sample(
          text,
          'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/cases/:id",status="404"}',
        ),
      ).toBe(3);
      // An address no route knows is one series however many addresses are tried.
      expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
        1,
      );
      expect(text).not.toContain(caseId);
    });

    it('serves the Prometheus text format, not cached', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE process_resident_memory_bytes gauge');
    });

    it('gives the outbox deliveries queued and failed', async () => {
      const row = (status: 'queued' | 'sent' | 'failed') => ({
        channel: 'email' as const,
        kind: 'contact_auto_reply',
        recipient: 'wanjiru@example.test',
        subject: 'Thank you',
        body: 'We will get back to you.',
        status,
        // Not due: the outbox's worker leaves it alone while the test reads the count.
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        attempts: 1,
      });
      await ctx.app.db
        .insert(deliveries)
        .values([row('queued'), row('queued'), row('sent'), row('failed')]);
      const text = await scrape();
      expect(sample(text, 'outbox_deliveries{status="queued"}')).toBe(2);
      expect(sample(text, 'outbox_deliveries{status="failed"}')).toBe(1);
    });

    it("gives each job queue's waiting jobs and its handler's failures", async () => {
      const queue = ctx.app.jobQueue;
      await queue.createQueue('metrics-test-waiting');
      await queue.send('metrics-test-waiting', {});
      await queue.send('metrics-test-waiting', {});
      await queue.createQueue('metrics-test-failing', { retryLimit: 0 });
      await queue.work('metrics-test-failing', { pollingIntervalSeconds: 0.5 }, async () => {
        throw new Error('the handler failed');
      });
      await queue.send('metrics-test-failing', {});

      await vi.waitFor(
        async () => {
          const text = await scrape();
          expect(sample(text, 'job_queue_failures_total{queue="metrics-test-failing"}')).toBe(1);
        },
        { timeout: 10_000, interval: 200 },
      );
      const text = await scrape();
      expect(sample(text, 'job_queue_waiting_jobs{queue="metrics-test-waiting"}')).toBe(2);
      expect(sample(text, 'job_queue_waiting_jobs{queue="metrics-test-failing"}')).toBe(0);
    });

    it('gives the age of the last good backup from the source the app was given', async () => {
      lastBackup = null;
      expect(sample(await scrape(), 'backup_last_success_age_seconds')).toBe(Infinity);

      lastBackup = new Date(Date.now() - 26 * 3600 * 1000);
      const age = sample(await scrape(), 'backup_last_success_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(26 * 3600);
      expect(age).toBeLessThan(26 * 3600 + 60);
    });
  });

  it("reads the backup age from the backups' own record: none yet, then the last good one", async () => {
    const ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    const age = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      return /^backup_last_success_age_seconds (\S+)$/m.exec(response.body)?.[1];
    };
    try {
      expect(await age()).toBe('+Inf');
      const finishedAt = new Date(Date.now() - 90 * 60_000);
      await ctx.app.db.insert(backupRuns).values([
        {
          trigger: 'scheduled',
          status: 'succeeded',
          startedAt: new Date(finishedAt.getTime() - 60_000),
          finishedAt,
          fileName: 'firm-backup-20261207T000000Z.backup',
          sizeBytes: 1_048_576,
          claimedBy: 'test',
          leaseUntil: finishedAt,
        },
        // A later failure leaves the age at the last good one.
        {
          trigger: 'scheduled',
          status: 'failed',
          startedAt: new Date(Date.now() - 10 * 60_000),
          finishedAt: new Date(Date.now() - 9 * 60_000),
          error: 'The disk is full',
          claimedBy: 'test',
          leaseUntil: new Date(),
        },
      ]);
      const seconds = Number(await age());
      expect(seconds).toBeGreaterThanOrEqual(90 * 60);
      expect(seconds).toBeLessThan(100 * 60);
    } finally {
      await ctx.close();
    }
  });
});
