// A Node.js of a given major, from the npm registry's `node-<platform>-<arch>` package (a binary in
// a registry package, which the machines here may install although their own Node.js is 20),
// installed into a cache folder: nothing else on the machine changes, and later runs reuse it
// (ADR 038). Used by scripts/use-node-24.sh (every CI step, and `npm start` on such a machine) and
// by scripts/tests-on-node.mjs (trying the next LTS).
//
//   node scripts/lib/node-from-registry.mjs <major>
// prints the path of a Node.js binary of that major or newer: this one if it is new enough, else
// the cached one, installed first if missing (NODE_CACHE_DIR chooses the cache folder). What npm
// says while installing goes to stderr, so the one line on stdout is the path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = `node-${process.platform}-${process.arch}`;

function cacheFolder(major) {
  const cacheRoot =
    process.env.NODE_CACHE_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'mwamba-ci');
  return path.join(cacheRoot, `node-${major}`);
}

/**
 * The path of the `bin/node` of `node-<platform>-<arch>@<major>`, installed into the cache folder
 * with the npm that runs this script when it is missing or of another major. Exits the process
 * with npm's status if the install fails.
 */
export function nodeFromRegistry(major) {
  if (!/^\d+$/.test(String(major))) throw new Error(`A Node.js major is a number (got "${major}")`);
  const prefix = cacheFolder(major);
  const installed = path.join(prefix, 'node_modules', pkg);
  const binary = path.join(installed, 'bin', 'node');
  const installedMajor = () =>
    existsSync(binary)
      ? String(
          JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')).version,
        ).split('.')[0]
      : null;

  if (installedMajor() !== String(major)) {
    console.error(`Installing ${pkg}@${major} from the npm registry into ${prefix}…`);
    mkdirSync(prefix, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${pkg}@${major}`],
      // npm's own output to stderr: stdout carries only what the caller prints.
      { stdio: ['ignore', 2, 2] },
    );
    if (install.status !== 0 || installedMajor() !== String(major)) {
      console.error(`Could not install ${pkg}@${major} from the npm registry.`);
      process.exit(install.status || 1);
    }
  }
  return binary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const major = process.argv[2];
  if (!/^\d+$/.test(major ?? '')) {
    console.error('Usage: node scripts/lib/node-from-registry.mjs <major>, e.g. 24');
    process.exit(2);
  }
  const running = Number(process.versions.node.split('.')[0]);
  console.log(running >= Number(major) ? process.execPath : nodeFromRegistry(major));
}
