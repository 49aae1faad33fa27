import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { rawRequest } from '../../test/raw-http';
import { HTTP_TIMEOUTS } from './http-timeouts';

describe('slow clients', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { httpTimeouts: { requestMs: 1000, headersMs: 800, checkIntervalMs: 100 } },
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('has limits by default, in the order Node needs (headers within the request)', () => {
    expect(HTTP_TIMEOUTS.requestMs).toBe(30_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    expect(HTTP_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
  });

  it('closes a connection whose body stalls, answering 408 in the error contract', async () => {
    const started = Date.now();
    const answer = await rawRequest(
      port,
      [
        'POST /api/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 500\r\n\r\n{"name":"Slow',
      ],
      { timeoutMs: 8000 },
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.closedByServer).toBe(true);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      message: expect.any(String),
      code: 'REQUEST_TIMEOUT',
    });
  });

  it('closes a connection whose headers never end', async () => {
    const started = Date.now();
    const answer = await rawRequest(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\n'], {
      timeoutMs: 8000,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.closedByServer).toBe(true);
    expect(answer.status).toBe(408);
  });
});
