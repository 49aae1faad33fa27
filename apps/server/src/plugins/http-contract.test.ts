import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { rawRequest } from '../../test/raw-http';

function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'firm-web-'));
  const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
  writeFileSync(path.join(dist, 'index.html'), html('<h1>Home</h1>'));
  writeFileSync(path.join(dist, '_app-shell.html'), html('<div id="root"></div>'));
  writeFileSync(path.join(dist, '404.html'), html('<h1>Page Not Found</h1>'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
  return dist;
}

/** Every error answer: the contract's shape only, and nothing of what the request sent. */
function expectContract(body: unknown, code: string) {
  expect(body).toEqual({ message: expect.any(String), code });
}

describe('answers to requests no route handles', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ WEB_DIST_DIR: fakeWebBuild() });
  });
  afterAll(() => ctx.close());
  const request = (method: string, url: string) => ctx.app.inject({ method: method as 'GET', url });

  it('bad percent-encoding answers 400 in the contract, without echoing the URL', async () => {
    for (const url of ['/api/%ff-secret', '/%ff-secret', '/api/user-management/user/%zz']) {
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(400);
      expectContract(response.json(), 'BAD_URL');
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('FST_');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('an over-long path parameter answers 414 in the contract', async () => {
    const id = 'x'.repeat(300);
    const response = await request('PUT', `/api/user-management/user/${id}/deactivate`);
    expect(response.statusCode).toBe(414);
    expectContract(response.json(), 'URI_TOO_LONG');
    expect(response.body).not.toContain('xxxx');
  });

  it('paths with empty or dot segments are unknown addresses (404), never 403', async () => {
    // (inject() normalises dot segments itself, so only real browsers' `//` is tried on /api.)
    for (const url of ['/api//health', '/api//auth/me']) {
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(404);
      expectContract(response.json(), 'NOT_FOUND');
    }
    for (const url of ['//api/health', '/assets//app.js']) {
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Page Not Found');
    }
  });

  it('a wrong method on a known API path answers 405 with Allow, in the contract', async () => {
    const health = await request('DELETE', '/api/health');
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expectContract(health.json(), 'METHOD_NOT_ALLOWED');

    const login = await request('GET', '/api/auth/login');
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');

    const user = await request(
      'GET',
      '/api/user-management/user/7d0e5c55-0d6f-4f4a-9a53-0a3ad1e1c0de',
    );
    expect(user.statusCode).toBe(405);
    expect(user.headers.allow).toBe('DELETE');
  });

  it('OPTIONS on a known API path answers 405 with Allow (no CORS: same origin only); unknown 404', async () => {
    const known = await request('OPTIONS', '/api/contact-messages');
    expect(known.statusCode).toBe(405);
    expect(known.headers.allow).toBe('POST');
    expectContract(known.json(), 'METHOD_NOT_ALLOWED');
    expect(known.headers['access-control-allow-origin']).toBeUndefined();

    const unknown = await request('OPTIONS', '/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expectContract(unknown.json(), 'NOT_FOUND');
  });

  it('anything but GET or HEAD on a page answers 405 with Allow: GET, HEAD', async () => {
    const response = await request('POST', '/about');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expectContract(response.json(), 'METHOD_NOT_ALLOWED');
  });

  describe('on a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });

    it('a Content-Length that is not a number answers 400 in the contract', async () => {
      const answer = await rawRequest(port, [
        'POST /api/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 12abc\r\n\r\n{"a":1}',
      ]);
      expect(answer.status).toBe(400);
      expectContract(JSON.parse(answer.body), 'BAD_REQUEST');
      expect(answer.raw).not.toContain('FST_');
      expect(answer.raw).not.toContain('12abc');
    });

    it('dot segments sent as they are answer 404, never 403', async () => {
      for (const url of ['/api/./health', '/assets/./app.js', '/assets/../assets/app.js']) {
        const answer = await rawRequest(port, [
          `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        ]);
        expect(answer.status, url).toBe(404);
      }
    });

    it('headers over the size limit answer 431; an over-long address 414', async () => {
      const headers = await rawRequest(port, [
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
      ]);
      expect(headers.status).toBe(431);
      expectContract(JSON.parse(headers.body), 'HEADERS_TOO_LARGE');

      const address = await rawRequest(port, [
        `GET /api/health?q=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]);
      expect(address.status).toBe(414);
      expectContract(JSON.parse(address.body), 'URI_TOO_LONG');
      expect(address.raw).not.toContain('bbbb');
    });
  });
});

describe('API docs, Permissions-Policy', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('/api/docs is not served unless API_DOCS=true', async () => {
    const withoutDocs = await createTestContext();
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const response = await withoutDocs.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await withoutDocs.close();
    }
  });

  it('/api/docs describes the API when API_DOCS=true', async () => {
    ctx = await createTestContext({ API_DOCS: 'true' });
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/auth/login']).toBeDefined();
  });

  it('every answer carries a Permissions-Policy that turns off camera, microphone, location, payment', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/auth/me']) {
      const policy = (await ctx.app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('payment=()');
      expect(policy, url).toContain('usb=()');
    }
  });
});
