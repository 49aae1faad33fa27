// `npm test`: every check, in order, stopping at the first failure, with each step's duration, all
// on the Node.js that runs npm: 24 or newer (CI: `bash .ci/run`, through scripts/use-node-24.sh;
// ADR 038). An older one stops here with one line.
import { spawn } from 'node:child_process';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm test');
console.log(`Node.js ${process.version} (${process.execPath})`);

/**
 * Stages run one after another; the steps of a stage run side by side. Type checking and lint are
 * one thread each, and the unit tests leave gaps (their workers start, jsdom loads): on the two
 * cores CI has, the three together finish well before the three in a row did. The API suites and
 * the build each keep both cores to themselves.
 */
const stages = [
  [
    ['unit and component tests', 'npm run test:unit'],
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['API tests on embedded PostgreSQL (PGlite)', 'npm run test:api']],
  [['API tests on the PostgreSQL server (TEST_DATABASE_URL)', 'npm run test:api:pg']],
  [['production build', 'npm run build']],
  [['end-to-end tests in Chromium', 'npm run test:e2e']],
];

const started = Date.now();
const timings = [];
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const timing = (name, since) => `  ${name.padEnd(56)} ${seconds(since).padStart(6)} s`;

/**
 * Runs one step. The first of a stage writes to the terminal as it goes; the others' output is
 * kept and written whole when they end, so no two steps' lines interleave.
 */
function run([name, command], live) {
  console.log(
    `\n▶ ${name}: ${command}${live ? '' : ' (beside the above; its output when it ends)'}`,
  );
  const stepStart = Date.now();
  const child = spawn(command, {
    shell: true,
    // Its own process group, so a failure elsewhere in the stage can stop all it started.
    detached: true,
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (!live) {
        console.log(`\n◀ ${name}: ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, status: code ?? signal ?? 1, time: timing(name, stepStart) });
    });
  });
  return { child, done };
}

const children = new Set();
// Steps have process groups of their own, so Ctrl-C (or CI's stop) reaches them only through here.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) stop(child);
    process.exit(130);
  });
}

function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already ended.
  }
}

for (const stage of stages) {
  const running = stage.map((step, index) => run(step, index === 0));
  let failed = null;
  const results = await Promise.all(
    running.map(({ done }) =>
      done.then((result) => {
        if (result.status !== 0 && !failed) {
          failed = result;
          // The first failure ends the run: the rest of the stage is stopped, not waited for.
          for (const { child } of running) if (child.exitCode === null) stop(child);
        }
        return result;
      }),
    ),
  );
  for (const result of results) {
    timings.push(result.status === 'SIGTERM' ? `${result.time} (stopped)` : result.time);
  }
  if (failed) {
    console.error(`\n✖ ${failed.name} failed (exit ${failed.status})`);
    console.error(timings.join('\n'));
    process.exit(typeof failed.status === 'number' ? failed.status : 1);
  }
}
console.log(`\n✔ all checks passed in ${seconds(started)} s`);
console.log(timings.join('\n'));
