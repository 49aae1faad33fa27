// `npm test`: every check, in order, stopping at the first failure, with each step's duration, all
// on the Node.js that runs npm: 24 or newer (CI: `bash .ci/run`, through scripts/use-node-24.sh;
// ADR 038). An older one stops here with one line.
import { spawn } from 'node:child_process';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm test');
console.log(`Node.js ${process.version} (${process.execPath})`);

/**
 * Each step is one command, or several that run side by side: the type check and the lint each
 * keep one core busy for half a minute, so together they take the time of the longer. A step's
 * commands print when each ends (whole, not interleaved); the step fails if any of them does.
 */
const steps = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['unit and component tests', 'npm run test:unit']],
  [['API tests on embedded PostgreSQL (PGlite)', 'npm run test:api']],
  [['API tests on the PostgreSQL server (TEST_DATABASE_URL)', 'npm run test:api:pg']],
  [['production build', 'npm run build']],
  [['end-to-end tests in Chromium', 'npm run test:e2e']],
];

/** Runs a command; alone it prints as it goes, beside others it prints its output when it ends. */
function run(name, command, alone) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : 'pipe' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) {
        console.log(`\n── ${name} (${command}):`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, code, signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const started = Date.now();
const timings = [];
for (const step of steps) {
  const results = await Promise.all(
    step.map(([name, command]) => run(name, command, step.length === 1)),
  );
  for (const { name, seconds } of results) {
    timings.push(`  ${name.padEnd(56)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n✖ ${failed.name} failed (exit ${failed.code ?? failed.signal})`);
    console.error(timings.join('\n'));
    process.exit(failed.code ?? 1);
  }
}
console.log(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(timings.join('\n'));
