// `npm run test:node24`: the unit and API tests once more, on another Node.js major than the one
// running npm (CI: Node.js 24 beside the machine's Node.js 20, ADR 026). The binary comes from the
// npm registry's `node-<platform>-<arch>` package, installed into a cache folder: nothing on the
// machine changes, and a second run reuses it. The API tests run on embedded PostgreSQL, and on
// the PostgreSQL server too when TEST_DATABASE_URL is set (a name of letters, digits and _).
//
//   node scripts/tests-on-node.mjs [major]   (default 24; NODE_CACHE_DIR chooses the cache folder)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = process.argv[2] ?? '24';
if (!/^\d+$/.test(major)) {
  console.error(`Usage: node scripts/tests-on-node.mjs [major], e.g. 24 (got "${major}")`);
  process.exit(2);
}

const pkg = `node-${process.platform}-${process.arch}`;
const cacheRoot =
  process.env.NODE_CACHE_DIR ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'mwamba-ci');
const prefix = path.join(cacheRoot, `node-${major}`);
const installed = path.join(prefix, 'node_modules', pkg);
const binary = path.join(installed, 'bin', 'node');

function installedMajor() {
  if (!existsSync(binary)) return null;
  const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
  return String(version).split('.')[0];
}

if (installedMajor() !== major) {
  console.log(`Installing ${pkg}@${major} from the npm registry into ${prefix}…`);
  mkdirSync(prefix, { recursive: true });
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${pkg}@${major}`],
    { stdio: 'inherit' },
  );
  if (install.status !== 0 || installedMajor() !== major) {
    console.error(`Could not install ${pkg}@${major}.`);
    process.exit(install.status || 1);
  }
}

const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`Node.js ${version} (${binary})`);

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
// The binary's folder first on PATH, so anything the tests start by name is the same Node.js.
const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}` };
const runs = [
  ['unit and component tests', ['--project', 'shared', '--project', 'web'], {}],
  ['API tests on embedded PostgreSQL (PGlite)', ['--project', 'server', '--no-isolate'], {}],
];
// TESTS_ON_NODE_SKIP_POSTGRES=1 leaves the PostgreSQL run to the machine's Node.js (a shorter CI).
if (process.env.TEST_DATABASE_URL && process.env.TESTS_ON_NODE_SKIP_POSTGRES !== '1') {
  runs.push([
    'API tests on the PostgreSQL server (TEST_DATABASE_URL)',
    ['--project', 'server', '--no-isolate'],
    { TEST_DB_TARGET: 'postgres' },
  ]);
}

for (const [name, args, extra] of runs) {
  console.log(`\n▶ Node.js ${version}: ${name}`);
  const started = Date.now();
  const result = spawnSync(binary, [vitest, 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extra },
  });
  console.log(`  ${name} on Node.js ${version}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(
      `✖ ${name} failed on Node.js ${version} (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}
