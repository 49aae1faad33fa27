import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, isAppShellPath, type ApiErrorBody } from '@firm/shared';

/** Files written by the web build (apps/web/scripts/prerender.mjs). */
export const APP_SHELL_FILE = '_app-shell.html';
export const NOT_FOUND_FILE = '404.html';
/** Stands for the site's origin in prerendered HTML (canonical and Open Graph URLs). */
const PUBLIC_URL_PLACEHOLDER = /__PUBLIC_URL__/g;

/**
 * Reads every prerendered page once: `/about` ← `about/index.html`. They are small, and holding
 * them lets the server put PUBLIC_URL into them once instead of on every request.
 */
function loadPages(distDir: string, publicUrl: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(distDir, relativeDir), { withFileTypes: true })) {
      const relative = path.posix.join(relativeDir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(relative);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path.join(distDir, relative), 'utf8').replace(
          PUBLIC_URL_PLACEHOLDER,
          publicUrl,
        );
        pages.set(relative, html);
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

    await app.register(fastifyStatic, {
      root: options.distDir,
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

    const sendHtml = (reply: FastifyReply, status: number, html: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const [rawPath = '/', query = ''] = request.url.split('?', 2);
      if (
        rawPath === '/api' ||
        rawPath.startsWith('/api/') ||
        !['GET', 'HEAD'].includes(request.method)
      ) {
        return reply
          .status(404)
          .send({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' } satisfies ApiErrorBody);
      }
      if (rawPath.length > 1 && rawPath.endsWith('/')) {
        return reply.redirect(rawPath.replace(/\/+$/, '') + (query ? `?${query}` : ''), 301);
      }
      const page = pages.get(rawPath === '/' ? 'index.html' : `${rawPath.slice(1)}/index.html`);
      if (page) return sendHtml(reply, 200, page);
      if (isAppShellPath(rawPath)) return sendHtml(reply, 200, appShell);
      return sendHtml(reply, 404, notFoundPage);
    });
  },
  { name: 'web-app' },
);

/** The API-only answer for unknown paths, used when no web build is served (tests). */
export const apiNotFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((_request, reply) =>
    reply
      .status(404)
      .send({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' } satisfies ApiErrorBody),
  );
});
