// `npm start`: build whatever is missing or older than its sources, then run the server in this
// process (so SIGTERM reaches it directly). On a Node.js older than 24 it stops first, with one
// line saying what to install or run (ADR 038).
import { pathToFileURL } from 'node:url';
import { at, buildIfStale } from './lib/build-if-stale.mjs';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm start');

const shared = at('packages/shared/src');
buildIfStale('@firm/web', at('apps/web/dist/_app-shell.html'), [
  at('apps/web/src'),
  at('apps/web/public'),
  at('apps/web/index.html'),
  at('apps/web/scripts'),
  at('apps/web/vite.config.ts'),
  shared,
]);
buildIfStale('@firm/server', at('apps/server/dist/server.js'), [
  at('apps/server/src'),
  at('apps/server/build.mjs'),
  at('scripts/lib/node-version.mjs'),
  shared,
]);

await import(pathToFileURL(at('apps/server/dist/server.js')).href);
