// Writes the HTML of every public route at build time (docs/decisions/001-prerendering-and-csp.md):
//   dist/<path>/index.html  each public page, hydrated in the browser
//   dist/404.html           the Page Not Found screen, sent with HTTP 404
//   dist/_app-shell.html    the empty shell for portal pages, rendered in the browser
//   dist/_app-shell/<feature>-<screen>.html  the same shell naming the screen's scripts up front
// URLs in the head carry a placeholder that the server replaces with PUBLIC_URL.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const { render, PUBLIC_PATHS, PORTAL_FEATURES } = await import(
  path.join(webRoot, 'dist-ssr/entry-server.js')
);

const PUBLIC_URL = '__PUBLIC_URL__';
const SITE_NAME = 'Mwamba & Associates Advocates';
// The stylesheet is small (~6 KB compressed): inlined, it costs the page no extra round trip before
// the first paint. (The CSP allows inline styles; see docs/decisions/001.) A disabled link to the
// same file stays beside it, never fetched: Vite's loader of lazy chunks, which lists the
// stylesheet among their needs, finds it there and does not download the whole stylesheet again
// (and wait for it) before the first lazy screen can draw (docs/decisions/032-portal-on-a-phone.md).
const template = await inlineStylesheet(await readFile(path.join(distDir, 'index.html'), 'utf8'));

async function inlineStylesheet(html) {
  const link = html.match(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/);
  if (!link) return html;
  const css = await readFile(path.join(distDir, link[1]), 'utf8');
  return html.replace(
    link[0],
    () =>
      `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${link[1]}" disabled>`,
  );
}
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** The lazy route module that renders a public path (see src/app/routes.tsx). */
function routeModuleOf(pathname) {
  if (pathname === '/') return 'src/app/routes/home.tsx';
  if (pathname.startsWith('/practice-areas/')) return 'src/app/routes/practice-area.tsx';
  if (pathname.startsWith('/resources/')) return 'src/app/routes/resource-article.tsx';
  if (pathname === '/404') return 'src/app/routes/not-found.tsx';
  return `src/app/routes${pathname}.tsx`;
}

/**
 * The page's own route chunk and its static imports, which the app would otherwise only discover
 * after it has run. boot.ts asks for them beside the app once the page has painted (not before:
 * the page's first paint needs no script), saving a round trip before hydration.
 */
function routeChunks(pathname) {
  const key = routeModuleOf(pathname);
  if (!manifest[key]) throw new Error(`no chunk for ${pathname} (${key}) in the Vite manifest`);
  const walk = (chunkKey, into) => {
    if (into.has(chunkKey)) return into;
    into.add(chunkKey);
    for (const imported of manifest[chunkKey]?.imports ?? []) walk(imported, into);
    return into;
  };
  // What the entry and the app (its one dynamic import) bring are fetched with them already.
  const withApp = walk('src/main.tsx', walk('index.html', new Set()));
  return [...walk(key, new Set())]
    .filter((chunkKey) => !withApp.has(chunkKey))
    .map((chunkKey) => `/${manifest[chunkKey].file}`);
}

/**
 * A portal page has nothing to paint until the app, the portal's layout and the screen have run,
 * and each of them is found only once the one before it has: entry, app, layout, screen, a round
 * trip each on a phone's connection. The screen's shell names them all in its head, so they come
 * down together while the entry starts.
 */
/**
 * What the entry asks for first on a portal page with a stored token (boot.ts): named by the
 * chunk's name, as it holds more than the module the entry imports (vite.config.ts).
 */
function firstRequestsChunk() {
  const key = Object.keys(manifest).find(
    (chunkKey) => manifest[chunkKey].name === 'first-requests',
  );
  if (!key) throw new Error('no first-requests chunk in the Vite manifest');
  return key;
}

function portalScreenChunks(screen) {
  const [folder, name] = screen.split('/');
  const keys = [
    firstRequestsChunk(),
    'src/main.tsx',
    'src/app/layouts/portal-layout.tsx',
    'src/app/layouts/guards.tsx',
    `src/features/${folder}/routes/${name}.tsx`,
  ];
  const walk = (chunkKey, into) => {
    if (!manifest[chunkKey]) throw new Error(`no chunk for ${chunkKey} in the Vite manifest`);
    if (into.has(chunkKey)) return into;
    into.add(chunkKey);
    for (const imported of manifest[chunkKey].imports ?? []) walk(imported, into);
    return into;
  };
  // The entry's script and its own static imports come with its script tag already.
  const entryFile = template.match(/<script type="module" crossorigin src="\/([^"]+)"/)?.[1];
  const entryKey = Object.keys(manifest).find((key) => manifest[key].file === entryFile);
  if (!entryKey) throw new Error(`the entry script ${entryFile} is not in the Vite manifest`);
  const withEntry = walk(entryKey, new Set());
  const wanted = keys.reduce((into, key) => walk(key, into), new Set());
  return [...wanted].filter((key) => !withEntry.has(key)).map((key) => `/${manifest[key].file}`);
}

const modulePreloads = (chunks) =>
  chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`).join('\n    ');

/** The file name of a screen's shell: `_app-shell/cases-cases.html` for 'cases/cases'. */
const screenShellFile = (screen) => `_app-shell/${screen.replace('/', '-')}.html`;

/** Names the page's route chunks on the entry's script tag, for boot.ts. */
function withRouteChunks(html, chunks) {
  const entry = /<script type="module" crossorigin src="[^"]+"/;
  if (!entry.test(html)) throw new Error('the entry script tag is not where prerender expects it');
  return html.replace(entry, (tag) => `${tag} data-route-chunks="${chunks.join(' ')}"`);
}

const escapeHtml = (value) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function head(seo, pathname) {
  if (!seo) return `<title>${SITE_NAME}</title>`;
  const url = `${PUBLIC_URL}${seo.canonicalPath ?? pathname}`;
  const tags = [
    `<title>${escapeHtml(seo.title)}</title>`,
    `<meta name="description" content="${escapeHtml(seo.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME.replaceAll('&', '&amp;')}" />`,
    `<meta property="og:locale" content="en_KE" />`,
    `<meta property="og:title" content="${escapeHtml(seo.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(seo.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
  if (seo.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (seo.structuredData) {
    // JSON-LD is data, not script: the CSP does not apply, but "</" must not end the element.
    const json = JSON.stringify(seo.structuredData).replaceAll('</', '<\\/');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * `tags` right after the entry's script tag: a phone's connection fetches six files at a time, and
 * the entry, which sends a portal page's first requests (boot.ts), must not queue behind the
 * screen's chunks (ADR 032).
 */
function afterEntryScript(html, tags) {
  const entryScript = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  if (!entryScript.test(html)) throw new Error('no entry script tag in the page template');
  return html.replace(entryScript, (tag) => `${tag}\n    ${tags}`);
}

function page(headHtml, bodyHtml) {
  return template.replace('<!--app-head-->', headHtml).replace('<!--app-html-->', bodyHtml);
}

async function write(relativeFile, html) {
  const file = path.join(distDir, relativeFile);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
}

const shellHead = `<title>${SITE_NAME}</title>\n    <meta name="robots" content="noindex" />`;
await write('_app-shell.html', page(shellHead, ''));
for (const screen of new Set(PORTAL_FEATURES.map((feature) => feature.screen))) {
  await write(
    screenShellFile(screen),
    afterEntryScript(page(shellHead, ''), modulePreloads(portalScreenChunks(screen))),
  );
}

for (const pathname of PUBLIC_PATHS) {
  const { html, seo } = await render(pathname);
  await write(
    pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`,
    withRouteChunks(page(head(seo, pathname), html), routeChunks(pathname)),
  );
}

const notFound = await render('/this-page-does-not-exist');
await write(
  '404.html',
  withRouteChunks(page(head(notFound.seo, '/404'), notFound.html), routeChunks('/404')),
);

console.log(`prerendered ${PUBLIC_PATHS.length} public pages, 404.html and the app shell`);

// Every static file gets .br and .gz twins, served by @fastify/static (preCompressed). HTML is
// compressed by the server after it fills in PUBLIC_URL.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|pdf)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
let compressed = 0;
for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.parentPath.includes('.vite'))
    continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = await readFile(file);
  if (data.length < 1024) continue;
  const br = await brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  if (br.length >= data.length) continue;
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, await gzipAsync(data, { level: 9 }));
  compressed += 1;
}
console.log(`precompressed ${compressed} files (.br, .gz)`);
