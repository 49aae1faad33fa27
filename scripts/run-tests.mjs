// `npm test`: every check, in order, stopping at the first failure, with each step's duration.
import { spawnSync } from 'node:child_process';

// CI sets TEST_UNIT_AND_PGLITE_ON_NODE=24: the unit tests and the API tests on PGlite run on that
// Node.js instead of this one, the rest here; each suite runs once, on one of the two (ADR 026).
const otherNode = process.env.TEST_UNIT_AND_PGLITE_ON_NODE;
const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ...(otherNode
    ? []
    : [
        ['unit and component tests', 'npm run test:unit'],
        ['API tests on embedded PostgreSQL (PGlite)', 'npm run test:api'],
      ]),
  ['API tests on the PostgreSQL server (TEST_DATABASE_URL)', 'npm run test:api:pg'],
  ['production build', 'npm run build'],
  ['end-to-end tests in Chromium', 'npm run test:e2e'],
];
if (otherNode) {
  steps.push([
    `unit tests and API tests on PGlite, on Node.js ${otherNode}`,
    `node scripts/tests-on-node.mjs ${otherNode}`,
  ]);
}

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
