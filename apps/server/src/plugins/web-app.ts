import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  PORTAL_FEATURES,
  type PortalFeature,
  MESSAGES,
  PUBLIC_PATHS,
  findPortalFeature,
  type ApiErrorBody,
} from '@firm/shared';

/** Files written by the web build (apps/web/scripts/prerender.mjs). */
export const APP_SHELL_FILE = '_app-shell.html';
/** The shell of one portal screen, naming its scripts up front (prerender.mjs). */
export const screenShellFile = (screen: string) => `_app-shell/${screen.replace('/', '-')}.html`;
export const NOT_FOUND_FILE = '404.html';
/** Stands for the site's origin in prerendered HTML (canonical and Open Graph URLs). */
const PUBLIC_URL_PLACEHOLDER = /__PUBLIC_URL__/g;

/** A page held in memory with its compressed forms, made once at start-up. */
interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressPage(html: string): Page {
  return {
    html,
    br: brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * Reads every prerendered page once: `/about` ← `about/index.html`. They are small, and holding
 * them lets the server put PUBLIC_URL into them and compress them once instead of on every request.
 */
function loadPages(distDir: string, publicUrl: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(distDir, relativeDir), { withFileTypes: true })) {
      const relative = path.posix.join(relativeDir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(relative);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path.join(distDir, relative), 'utf8').replace(
          PUBLIC_URL_PLACEHOLDER,
          publicUrl,
        );
        pages.set(relative, compressPage(html));
      }
    }
  };
  walk('');
  return pages;
}

/**
 * Serves the built web app from the same origin as the API: hashed assets (cached for a year),
 * each prerendered public page at its path, the app shell for portal paths, and the Page Not
 * Found screen with HTTP 404 for everything else. `/api/*` that matched no route answers 404 JSON.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string; publicUrl: string }) => {
    const pages = loadPages(options.distDir, options.publicUrl);
    const appShell = pages.get(APP_SHELL_FILE);
    const notFoundPage = pages.get(NOT_FOUND_FILE);
    if (!appShell || !notFoundPage) {
      throw new Error(`The web build in ${options.distDir} is incomplete: run npm run build`);
    }

    const pageFor = (pathname: string) =>
      pages.get(pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`);

    // Search engines: the public pages only, at absolute URLs (docs/product-rules.md#public-site).
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PATHS.filter((pathname) => pageFor(pathname)).map(
        (pathname) =>
          `  <url><loc>${options.publicUrl}${pathname === '/' ? '/' : pathname}</loc></url>`,
      ),
      // The portal's entry points for visitors, such as the booking form.
      ...PORTAL_FEATURES.flatMap((feature) => feature.sitemap ?? []).map(
        (address) =>
          `  <url><loc>${options.publicUrl}${address.replaceAll('&', '&amp;')}</loc></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    const robots = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      // Portal and sign-in pages (a rule is a prefix: /cases also covers /cases/:id), but for
      // the ones visitors use, such as the booking form at /appointments.
      ...new Set(
        PORTAL_FEATURES.flatMap((feature: PortalFeature) =>
          (feature.crawlable ? feature.paths.slice(1) : feature.paths).map(
            (pattern) => `Disallow: ${pattern.split('/:')[0]}`,
          ),
        ),
      ),
      '',
      `Sitemap: ${options.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(sitemap),
    );
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robots),
    );

    await app.register(fastifyStatic, {
      root: options.distDir,
      // The build writes .br and .gz beside every asset (scripts/prerender.mjs).
      preCompressed: true,
      index: false,
      redirect: false,
      wildcard: true,
      // HTML (and directories) are answered below, from memory.
      allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.endsWith('/'),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });

    const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, page: Page) => {
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepted))
        return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const [rawPath = '/', query = ''] = request.url.split('?', 2);
      if (rawPath === '/api' || rawPath.startsWith('/api/')) {
        return answerUnmatchedApiRequest(app, request, reply);
      }
      // Every page of the site is read with GET (or HEAD); nothing else is done to a page.
      if (!['GET', 'HEAD'].includes(request.method)) {
        return methodNotAllowed(reply, ['GET', 'HEAD']);
      }
      if (rawPath.length > 1 && rawPath.endsWith('/')) {
        return reply.redirect(rawPath.replace(/\/+$/, '') + (query ? `?${query}` : ''), 301);
      }
      const page = pageFor(rawPath);
      if (page) return sendHtml(request, reply, 200, page);
      const feature = findPortalFeature(rawPath);
      if (feature) {
        return sendHtml(
          request,
          reply,
          200,
          pages.get(screenShellFile(feature.screen)) ?? appShell,
        );
      }
      return sendHtml(request, reply, 404, notFoundPage);
    });
  },
  { name: 'web-app' },
);

const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods an API route exists for at this path. A wildcard route (the static files' `/*`)
 * matches any path, so it does not make a path "known".
 */
function allowedMethods(app: FastifyInstance, pathname: string): string[] {
  return ROUTE_METHODS.filter((method) => {
    const route = app.findRoute({ method, url: pathname });
    return route !== null && !('*' in (route.params as Record<string, string>));
  });
}

function methodNotAllowed(reply: FastifyReply, allow: readonly string[]) {
  return reply
    .status(405)
    .header('allow', allow.join(', '))
    .send({
      message: MESSAGES.methodNotAllowed,
      code: 'METHOD_NOT_ALLOWED',
    } satisfies ApiErrorBody);
}

/**
 * An API request no route took: 405 with `Allow` when the path exists for other methods (OPTIONS
 * included: the API is same-origin only, so there is no CORS preflight to answer; ADR 012), else
 * 404. Both in the error contract.
 */
function answerUnmatchedApiRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  const allow = allowedMethods(app, pathname);
  if (allow.length > 0) return methodNotAllowed(reply, allow);
  return reply
    .status(404)
    .send({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' } satisfies ApiErrorBody);
}

/** The API-only answer for unknown paths, used when no web build is served (tests). */
export const apiNotFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => answerUnmatchedApiRequest(app, request, reply));
});
