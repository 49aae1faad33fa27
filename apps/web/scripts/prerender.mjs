// Writes the HTML of every public route at build time (ARCHITECTURE.md, "Prerendering"):
//   dist/<path>/index.html  each public page, hydrated in the browser
//   dist/404.html           the Page Not Found screen, sent with HTTP 404
//   dist/_app-shell.html    the empty shell for portal pages, rendered in the browser
// URLs in the head carry a placeholder that the server replaces with PUBLIC_URL.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const { render, PUBLIC_PATHS } = await import(path.join(webRoot, 'dist-ssr/entry-server.js'));

const PUBLIC_URL = '__PUBLIC_URL__';
const SITE_NAME = 'Mwamba & Associates Advocates';
const template = await readFile(path.join(distDir, 'index.html'), 'utf8');

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

function page(headHtml, bodyHtml) {
  return template.replace('<!--app-head-->', headHtml).replace('<!--app-html-->', bodyHtml);
}

async function write(relativeFile, html) {
  const file = path.join(distDir, relativeFile);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
}

await write(
  '_app-shell.html',
  page(`<title>${SITE_NAME}</title>\n    <meta name="robots" content="noindex" />`, ''),
);

for (const pathname of PUBLIC_PATHS) {
  const { html, seo } = await render(pathname);
  await write(
    pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`,
    page(head(seo, pathname), html),
  );
}

const notFound = await render('/this-page-does-not-exist');
await write('404.html', page(head(notFound.seo, '/404'), notFound.html));

console.log(`prerendered ${PUBLIC_PATHS.length} public pages, 404.html and the app shell`);
