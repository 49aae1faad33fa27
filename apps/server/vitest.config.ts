import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Run with --no-isolate (npm run test:api, test:api:pg, scripts/tests-on-node.mjs): test files
    // share their worker's modules and its spare embedded databases (test/helpers.ts), since
    // evaluating the server's modules again for each of 76 files cost most of the run (ADR 026).
    // Every test builds its own app and database, so no state lives in a module between files.
    testTimeout: 20_000,
    // Two files at a time, one per core of the machines that run CI (see the root vitest.config.ts).
    maxWorkers: 2,
    hookTimeout: 30_000,
    // Backup archives written at 2^14 rather than age's 2^18: a key in milliseconds, not seconds
    // (ADR 052). write.test.ts writes one at the product's 2^18 without it.
    env: { BACKUP_TEST_SCRYPT_LOG_N: '14' },
  },
});
