import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/helpers';

/** The error contract: `{ message, code?, errors? }`, and never anything internal. */
describe('API error contract', () => {
  let app: App;
  let database: Database;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-err-')) }),
      database,
      logger: { level: 'error', stream },
      retentionSchedule: false,
    });
    // Routes that fail the way real code can: a driver error carrying SQL and a stack.
    app.get('/api/test/explode', async () => {
      const error = new Error('relation "users" does not exist: SELECT password_hash FROM users');
      error.stack = `Error: boom\n    at /work/main/apps/server/src/secret.ts:10:5`;
      throw error;
    });
    // The ways a saturated or restarting database fails a request (node-postgres's pool, PostgreSQL).
    app.get('/api/test/pool-timeout', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    app.get('/api/test/too-many-connections', async () => {
      throw Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    });
    app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(1, 'Name is required'), age: z.number() }),
        },
      },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers a validation failure with 400 and a message per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_ERROR',
      errors: { name: 'Name is required', age: expect.any(String) },
    });
  });

  it('answers 503 with Retry-After when the database is saturated or unreachable, not 500', async () => {
    for (const url of ['/api/test/pool-timeout', '/api/test/too-many-connections']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'We are very busy right now. Please try again in a few seconds.',
        code: 'SERVICE_BUSY',
      });
    }
  });

  it('answers malformed JSON with 400 and a plain message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Amina",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'MALFORMED_JSON',
    });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      message: 'The requested resource was not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers a failure with a generic 500, and logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again in a moment.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toMatch(/SELECT|password_hash|secret\.ts|\/work\/|at /);

    const requestId = response.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const logged = logLines.find((line) => line.reqId === requestId);
    expect(logged).toMatchObject({ msg: 'request failed' });
    expect(JSON.stringify(logged)).toContain('password_hash');
  });
});
