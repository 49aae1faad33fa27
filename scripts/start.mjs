// `npm start`: build whatever is missing or older than its sources, then run the server in this
// process (so SIGTERM reaches it directly). On a Node.js older than 24 it stops first, with one
// line saying what to install or run (ADR 038).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm start');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = at('packages/shared/src');
if (
  needsBuild(at('apps/web/dist/_app-shell.html'), [
    at('apps/web/src'),
    at('apps/web/public'),
    at('apps/web/index.html'),
    at('apps/web/scripts'),
    at('apps/web/vite.config.ts'),
    shared,
  ])
) {
  build('@firm/web');
}
if (
  needsBuild(at('apps/server/dist/server.js'), [
    at('apps/server/src'),
    at('apps/server/build.mjs'),
    at('scripts/lib/node-version.mjs'),
    shared,
  ])
) {
  build('@firm/server');
}

await import(pathToFileURL(at('apps/server/dist/server.js')).href);
