// `npm run backup` (ADR 039): builds the server if its sources are newer than the build, then
// runs the backup command (apps/server/src/backup-cli.ts) in this process. It works while the
// server runs: on the embedded database it asks the server, on PostgreSQL it claims the run itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const cli = at('apps/server/dist/backup-cli.js');
const sources = [at('apps/server/src'), at('apps/server/build.mjs'), at('packages/shared/src')];
if (!existsSync(cli) || sources.some((source) => newestMtime(source) > statSync(cli).mtimeMs)) {
  // Build output goes to stderr: stdout holds the one line of the result.
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@firm/server'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(cli).href);
