// `npm run test:node`: the unit and API tests on another Node.js major than the one running npm,
// for trying the next LTS before the move to it (ADR 038; how 24 was tried beside 20: ADR 026).
// The binary comes from the npm registry's `node-<platform>-<arch>` package, installed into a
// cache folder (scripts/lib/node-from-registry.mjs): nothing on the machine changes, and a second
// run reuses it. The API tests run on embedded PostgreSQL, and on the PostgreSQL server too when
// TEST_DATABASE_URL is set.
//
//   node scripts/tests-on-node.mjs <major>   (e.g. 26; NODE_CACHE_DIR chooses the cache folder)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFromRegistry } from './lib/node-from-registry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error(`Usage: node scripts/tests-on-node.mjs <major>, e.g. 26 (got "${major ?? ''}")`);
  process.exit(2);
}

const binary = nodeFromRegistry(major);
const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`Node.js ${version} (${binary})`);

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
// The binary's folder first on PATH, so anything the tests start by name is the same Node.js.
const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}` };
const runs = [
  [
    'unit and component tests',
    ['--project', 'shared', '--project', 'web', '--project', 'web-isolated'],
    {},
  ],
  ['API tests on embedded PostgreSQL (PGlite)', ['--project', 'server', '--no-isolate'], {}],
];
if (process.env.TEST_DATABASE_URL) {
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
