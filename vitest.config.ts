import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web app's tests are two projects: `web` shares a worker's modules between files,
    // `web-isolated` holds the few files that replace a module (apps/web/vitest.config.ts).
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    // Two cores on these machines: a couple of files at a time. Each project says so too, since a
    // project does not inherit it (it would take the default, one fewer than the cores: one).
    maxWorkers: 2,
  },
});
