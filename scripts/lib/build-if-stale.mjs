// What `npm start` and `npm run backup` share: build a workspace when its output is missing or
// older than any of its sources, so a command run right after a `git pull` never runs old code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A path inside the repository. */
export const at = (...parts) => path.join(ROOT, ...parts);

/** The newest modification time under `target` (build output and dependencies left out). */
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

/**
 * Runs `npm run build` of `workspace` when `output` is missing or older than one of `sources`,
 * saying so first; exits with the build's status when it fails. `quiet`: for a command whose
 * stdout is its one line of result, the build says nothing there and its output goes to stderr.
 */
export function buildIfStale(workspace, output, sources, { quiet = false } = {}) {
  if (existsSync(output)) {
    const built = statSync(output).mtimeMs;
    if (!sources.some((source) => newestMtime(source) > built)) return;
  }
  if (!quiet) console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: ROOT,
    stdio: quiet ? ['ignore', 2, 2] : 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
