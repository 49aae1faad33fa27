import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './support/chromium';
import { E2E_SUPER_KEY } from './support/accounts';
import { darajaEnv } from './support/daraja';
import { TEMPLATE_DATA_DIR_VARIABLE, freshDataDir } from './support/server-process';

// Set once in the runner; workers inherit the environment.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= freshDataDir();
// The data directory the global setup initialises once; specs' own servers start on copies of it.
process.env[TEMPLATE_DATA_DIR_VARIABLE] ??= freshDataDir();
// The Daraja simulator's port: specs/billing.spec.ts starts it there (a spare port like E2E_PORT).
process.env.E2E_DARAJA_PORT ??= '3190';
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
/** The specs that take longest (docs/benchmarks/e2e-suite-duration.md), started first. */
const LONG_FIRST = [
  '**/journey-*.spec.ts',
  '**/auth-first-advocate.spec.ts',
  '**/firm-on-defaults.spec.ts',
  '**/passkeys.spec.ts',
  '**/public-contact.spec.ts',
  '**/server-process.spec.ts',
  '**/system-settings-backups.spec.ts',
  '**/system-settings-deliveries.spec.ts',
  '**/billing.spec.ts',
  '**/reports.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  // Runs once the web server answers: the owner, the staff's grace for two-factor sign-in, and the
  // data directory that the specs' own servers start from (support/server-process.ts).
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two cores: a worker each, Chromium and the shared server between them. More workers only
  // queue for the same cores (and a spec's own server start takes longer).
  workers: 2,
  // No second try, in CI either: a test that fails once is a finding, fixed in the test or the
  // product, never retried until it passes.
  retries: 0,
  // CI also keeps each test's time (test-results/report.json), to find what makes the run long.
  reporter: process.env.CI
    ? [
        ['line'],
        ['json', { outputFile: 'test-results/report.json' }],
        // Each failure again at the end of the log, with what the page showed (support/failure-digest.ts).
        ['./support/failure-digest.ts'],
      ]
    : 'list',
  // A budget, not an assertion: on a shared two-core machine running at half its speed a whole spec
  // took past 30 s where it takes 10 s on a quiet one (three did on 2026-12-08). Nothing waits for it.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumExecutablePath(), args: CHROMIUM_ARGS },
  },
  // The longest work first: the specs that start servers of their own (a first start creates its
  // embedded database, tens of seconds on a busy machine) and the journeys, in a project listed
  // first, so that both workers begin with them and the short specs fill in after; the other way
  // round the run ends with one worker alone on a journey. Every spec is in one project only.
  projects: [
    { name: 'long-first', testMatch: LONG_FIRST, use: DESKTOP },
    { name: 'desktop', testIgnore: LONG_FIRST, use: DESKTOP },
  ],
  webServer: {
    // Exactly what `npm start` runs: build what is missing, then serve web app and API.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Each test sends an address of its own in X-Forwarded-For (support/fixtures.ts), as the
      // firm's reverse proxy would: per-address limits then count tests as separate visitors.
      TRUST_PROXY: 'true',
      // Specs register the owner advocate with it (support/accounts.ts); never in the web bundle.
      ADVOCATE_SUPER_KEY: E2E_SUPER_KEY,
      // Pay with M-Pesa asks the Daraja simulator, which posts Safaricom's callback back to
      // PUBLIC_URL: the whole chain is real (support/daraja.ts).
      ...darajaEnv(process.env.E2E_DARAJA_PORT),
    },
  },
});
