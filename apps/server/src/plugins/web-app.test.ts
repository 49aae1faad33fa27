import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

/** A miniature web build, shaped like the one scripts/prerender.mjs writes. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'firm-web-'));
  const html = (body: string) =>
    `<!doctype html><html><head><link rel="canonical" href="__PUBLIC_URL__/x"></head><body>${body}</body></html>`;
  writeFileSync(path.join(dist, 'index.html'), html('<h1>Home</h1>'));
  mkdirSync(path.join(dist, 'about'));
  writeFileSync(path.join(dist, 'about/index.html'), html('<h1>About Us</h1>'));
  writeFileSync(path.join(dist, '_app-shell.html'), html('<div id="root"></div>'));
  writeFileSync(path.join(dist, '404.html'), html('<h1>Page Not Found</h1>'));
  mkdirSync(path.join(dist, '_app-shell'));
  writeFileSync(
    path.join(dist, '_app-shell/cases-cases.html'),
    html('<link rel="modulepreload" href="/assets/cases-1.js"><div id="root"></div>'),
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  return dist;
}

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ WEB_DIST_DIR: fakeWebBuild() });
  });
  afterAll(() => ctx.close());
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('sends each prerendered page at its path, with PUBLIC_URL filled in', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>About Us</h1>');
    expect(response.body).toContain('href="http://portal.test/x"');
    expect((await get('/')).body).toContain('<h1>Home</h1>');
  });

  it('sends the app shell for portal paths', async () => {
    for (const url of ['/login', '/dashboard', '/admin-management', '/reset-password?token=abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("sends a screen's own shell, which names its scripts up front, at each of its paths", async () => {
    for (const url of ['/cases', '/cases/3f0c2a9e-5b7d-4e11-9a61-0c2d8f4b7e90?tab=documents']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('href="/assets/cases-1.js"');
    }
    // A screen without one of its own gets the plain shell.
    expect((await get('/dashboard')).body).not.toContain('modulepreload');
  });

  it('answers an unknown path with HTTP 404 and the Page Not Found screen', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Page Not Found');
  });

  it('keeps unknown API paths JSON', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'The requested resource was not found' });
  });

  it('redirects a trailing slash to the canonical path', async () => {
    const response = await get('/about/?ref=x');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/about?ref=x');
  });

  it('caches hashed assets for a year and serves other files', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/manifest.webmanifest')).body).toBe('{}');
  });

  it('sends the precompressed asset to a browser that accepts brotli', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('compresses the pages it holds in memory', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>About Us</h1>');
  });

  it('lists the public pages in sitemap.xml with absolute URLs, and points robots.txt at it', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://portal.test/</loc>');
    expect(sitemap.body).toContain('<loc>http://portal.test/about</loc>');
    // Only pages that exist in the build, and of the portal only its entry points for visitors.
    expect(sitemap.body).not.toContain('/contact');
    expect(sitemap.body).not.toContain('/dashboard');
    expect(sitemap.body).toContain('<loc>http://portal.test/appointments?book=consultation</loc>');

    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://portal.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).not.toMatch(/^Disallow: \/appointments$/m);
    expect(robots.body).toContain('Disallow: /appointments/manage');
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await get('/about');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
