import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Two cores on these machines: a couple of files at a time, each with its own database.
    maxWorkers: 2,
  },
});
