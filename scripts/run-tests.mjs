// `npm test`: every check, in order, stopping at the first failure, with each step's duration, all
// on the Node.js that runs npm: 24 or newer (CI: `bash .ci/run`, through scripts/use-node-24.sh;
// ADR 038). An older one stops here with one line.
import { spawnSync } from 'node:child_process';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm test');
console.log(`Node.js ${process.version} (${process.execPath})`);

const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit and component tests', 'npm run test:unit'],
  ['API tests on embedded PostgreSQL (PGlite)', 'npm run test:api'],
  ['API tests on the PostgreSQL server (TEST_DATABASE_URL)', 'npm run test:api:pg'],
  ['production build', 'npm run build'],
  ['end-to-end tests in Chromium', 'npm run test:e2e'],
];

const started = Date.now();
const timings = [];
for (const [name, command] of steps) {
  console.log(`\n▶ ${name}: ${command}`);
  const stepStart = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  timings.push(`  ${name.padEnd(56)} ${seconds.padStart(6)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    console.error(timings.join('\n'));
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(timings.join('\n'));
